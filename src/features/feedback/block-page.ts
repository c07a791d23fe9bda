/**
 * Makes everything on the page but `keep` inert (no clicks, no focus, hidden from assistive
 * technology) and returns the undo, which also gives focus back to where it was. Works on the
 * body's children, so the shell, dialogs and other islands are all covered, whatever the layout.
 */
export function blockPageExcept(keep: Element, doc: Document = document): () => void {
  const focused = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  const blocked = [...doc.body.children].filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && !element.contains(keep) && !element.inert,
  );
  for (const element of blocked) element.inert = true;
  return () => {
    for (const element of blocked) element.inert = false;
    if (focused && focused !== doc.body && focused.isConnected) focused.focus({ preventScroll: true });
  };
}
