import { whenIdle } from '../../components/on-demand';
import { preferenceCookie, readCookie } from '../../lib/preference-cookie';
import type { LanguageOption } from './language-options';
import { menuKeyTarget } from './menu-keys';

/**
 * Runs a language menu drawn by LanguageMenu.astro: a WAI-ARIA menu button whose radio items
 * are built here, when the browser is idle or on the first use, not sent by the server. Choosing
 * sets the locale cookie (and, signed in, saves it on the admin) and reloads, so the server
 * renders the page again in that language. Plain DOM: this runs on the sign-in page too.
 */
function runMenu(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button');
  if (!button) return;
  const { current = '', cookie = '', saveUrl, label = '' } = root.dataset;
  const options = JSON.parse(root.dataset['options'] ?? '[]') as LanguageOption[];
  const currentIndex = Math.max(
    0,
    options.findIndex((option) => option.code === current),
  );
  let list: HTMLUListElement | undefined;
  let items: HTMLButtonElement[] = [];
  let focusIndex = currentIndex;

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';

  function build(): HTMLUListElement {
    if (list) return list;
    const menu = document.createElement('ul');
    menu.id = 'language-menu';
    menu.setAttribute('role', 'menu');
    menu.setAttribute('aria-label', label);
    menu.className = 'dropdown-menu dropdown-menu-end';
    menu.dataset['bsPopper'] = 'static';
    menu.hidden = true;
    items = options.map((option) => {
      const checked = option.code === current;
      const item = document.createElement('button');
      Object.assign(item, { type: 'button', lang: option.tag, tabIndex: -1, textContent: option.name });
      item.setAttribute('role', 'menuitemradio');
      item.setAttribute('aria-checked', String(checked));
      item.className = checked ? 'dropdown-item active' : 'dropdown-item';
      item.addEventListener('click', () => void choose(option));
      const entry = document.createElement('li');
      entry.setAttribute('role', 'none');
      entry.append(item);
      menu.append(entry);
      return item;
    });
    menu.addEventListener('keydown', onMenuKeyDown);
    // Keeps focus on the menu while pressing an item, so the click lands before any blur closes it.
    menu.addEventListener('mousedown', (event) => event.preventDefault());
    root.append(menu);
    button?.setAttribute('aria-controls', menu.id);
    list = menu;
    return menu;
  }

  function openAt(index: number): void {
    const menu = build();
    focusIndex = index;
    menu.hidden = false;
    menu.classList.add('show');
    button?.setAttribute('aria-expanded', 'true');
    items[focusIndex]?.focus();
  }

  function close({ refocus = false } = {}): void {
    if (!list || !isOpen()) return;
    list.hidden = true;
    list.classList.remove('show');
    button?.setAttribute('aria-expanded', 'false');
    if (refocus) button?.focus();
  }

  async function choose(option: LanguageOption): Promise<void> {
    document.cookie = preferenceCookie(cookie, option.code, window.location.protocol === 'https:');
    if (option.code === current) return close({ refocus: true });
    // Saved before the reload so the page renders in it; the cookie alone still works if saving fails.
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

  function onMenuKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      close({ refocus: true });
    } else if (event.key === 'Tab') {
      close();
    } else {
      const next = menuKeyTarget(event.key, focusIndex, items.length);
      if (next === null) return;
      event.preventDefault();
      focusIndex = next;
      items[next]?.focus();
    }
  }

  button.addEventListener('click', () => (isOpen() ? close() : openAt(currentIndex)));
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowDown' ? currentIndex : options.length - 1);
  });
  root.addEventListener('focusout', (event) => {
    const to = event.relatedTarget as Node | null;
    if (to && !root.contains(to)) close();
  });
  // A press anywhere else closes the menu (focusout alone misses clicks on non-focusable areas).
  document.addEventListener('pointerdown', (event) => {
    if (isOpen() && !root.contains(event.target as Node)) close();
  });
  // A page restored from the back/forward cache still shows the language it was rendered in.
  window.addEventListener('pageshow', (event) => {
    const chosen = readCookie(document.cookie, cookie);
    if (event.persisted && chosen && chosen !== current) window.location.reload();
  });
  whenIdle(build);
}

for (const root of document.querySelectorAll<HTMLElement>('[data-language-menu]')) runMenu(root);
