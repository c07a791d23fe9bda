import { useEffect, useRef } from 'react';
import { parseUrl } from '../../lib/link-url';

/**
 * While `dirty`, leaving the page asks first: the browser's own prompt on reload, close or typed
 * address (beforeunload), and `onLeave(href)` for a click on an in-page link, so the screen can
 * ask with its own dialog and then follow the link.
 */
export function useUnsavedWarning(dirty: boolean, onLeave: (href: string) => void): (href: string) => void {
  const leave = useRef(onLeave);
  leave.current = onLeave;
  // Set once the person chose to leave: the browser must not ask them a second time.
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      if (released.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download'))
        return;
      // A link inside the text being edited is text: clicking it places the caret.
      if (link.isContentEditable) return;
      // An address that does not parse (text saved before links were checked) is the browser's to refuse.
      const url = parseUrl(link.href, location.href);
      if (!url) return;
      // A link to a place on this page (the skip link) leaves nothing behind.
      if (url.origin === location.origin && url.pathname === location.pathname && url.hash) return;
      event.preventDefault();
      leave.current(url.href);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);

  /** Leaves for `href` without asking again. */
  return (href: string) => {
    released.current = true;
    location.assign(href);
  };
}
