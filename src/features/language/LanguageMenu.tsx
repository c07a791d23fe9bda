import { IconLanguage } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { Locale } from '../../i18n';
import type { LanguageOption } from './language-options';
import { preferenceCookie, readCookie } from '../../lib/preference-cookie';
import { menuKeyTarget } from './menu-keys';

export interface LanguageMenuProps {
  current: Locale;
  options: readonly LanguageOption[];
  /** "Language", translated: the button's hidden label and the menu's name. */
  label: string;
  /** `LOCALE_COOKIE`, passed in so this island never imports `src/i18n` (i18next + catalogues). */
  cookieName: string;
  /** Signed in: where the choice is saved on the admin, so it follows them to other browsers. */
  saveUrl?: string;
}

/**
 * The language menu button (WAI-ARIA menu button with radio items). Choosing sets the locale
 * cookie and reloads, so the server renders the page again in that language. Plain markup with
 * Bootstrap's dropdown classes: react-bootstrap's Dropdown would bring Popper to the login page.
 */
export default function LanguageMenu({ current, options, label, cookieName, saveUrl }: LanguageMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const currentIndex = Math.max(
    0,
    options.findIndex((option) => option.code === current),
  );
  const active = options[currentIndex];

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  // A page restored from the back/forward cache still shows the language it was rendered in.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      const chosen = readCookie(document.cookie, cookieName);
      if (event.persisted && chosen && chosen !== current) window.location.reload();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [cookieName, current]);

  // A press anywhere else closes the menu (focusout alone misses clicks on non-focusable areas).
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function openAt(index: number) {
    setFocusIndex(index);
    setOpen(true);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  async function choose(option: LanguageOption) {
    document.cookie = preferenceCookie(cookieName, option.code, window.location.protocol === 'https:');
    if (option.code === current) return close();
    // Saved before the reload so the page renders in it; the cookie alone still works if saving fails.
    // Plain fetch, not the API client: this island is on the sign-in page, whose budget is tight.
    if (saveUrl) {
      await fetch(saveUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ locale: option.code }),
        credentials: 'same-origin',
      }).catch(() => undefined);
    }
    window.location.reload();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowDown' ? currentIndex : options.length - 1);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else {
      const next = menuKeyTarget(event.key, focusIndex, options.length);
      if (next === null) return;
      event.preventDefault();
      setFocusIndex(next);
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget as Node | null;
    if (to && !event.currentTarget.contains(to)) setOpen(false);
  }

  return (
    <div className="dropdown" ref={rootRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="btn app-icon-btn dropdown-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openAt(currentIndex))}
        onKeyDown={onButtonKeyDown}
      >
        <IconLanguage size={20} aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
        <span className="app-label-sm" lang={active?.tag}>
          {active?.name}
        </span>
      </button>
      <ul
        id={menuId}
        role="menu"
        aria-label={label}
        className={open ? 'dropdown-menu dropdown-menu-end show' : 'dropdown-menu dropdown-menu-end'}
        data-bs-popper="static"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        // Keeps focus on the menu while pressing an item, so the click lands before any blur closes it.
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, index) => {
          const checked = option.code === current;
          return (
            <li key={option.code} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                lang={option.tag}
                tabIndex={-1}
                className={checked ? 'dropdown-item active' : 'dropdown-item'}
                onClick={() => void choose(option)}
              >
                {option.name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
