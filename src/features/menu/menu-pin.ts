import { setMenuPinned } from '../../stores/ui-settings';
import { onLookChange, root } from './shell-media';

/**
 * The drawer's pin button (MenuPin.astro). The setting is one of the look's (ui-settings.ts): the
 * store writes the `ui` cookie, so the server paints the next page with the menu as it was left,
 * and `<html data-menu-pinned>`, which the stylesheet keys the rail on. The button follows that
 * attribute, so a change in another tab or in the settings drawer shows here too.
 */
const button = document.querySelector<HTMLButtonElement>('[data-menu-pin]');
const pinned = () => root.dataset['menuPinned'] === 'true';

if (button) {
  button.addEventListener('click', () => setMenuPinned(!pinned()));
  onLookChange(['data-menu-pinned'], () => button.setAttribute('aria-pressed', String(pinned())));
}
