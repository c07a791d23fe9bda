import type { I18nKey } from '../../i18n/keys';

/** Badge colours: Bootstrap's theme colour names, so a chip maps to `text-bg-<variant>`. */
export type ChipVariant =
  'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';

export interface MenuChip {
  labelKey: I18nKey;
  variant: ChipVariant;
}

/**
 * The Tabler icons menu entries show. Each must be one the server draws
 * (components/icons/icon-svg.ts); the menus' view (features/menu/menu-view.ts) checks that, so
 * the menu data stays free of UI code.
 */
export type MenuIcon =
  | 'api'
  | 'bell'
  | 'dashboard'
  | 'file-text'
  | 'help-circle'
  | 'info-circle'
  | 'license'
  | 'puzzle'
  | 'shield-lock'
  | 'users';

interface MenuBase {
  /** Unique across the whole tree: it names the entry in `findActivePath` and in DOM ids. */
  id: string;
  titleKey: I18nKey;
  icon?: MenuIcon;
  chip?: MenuChip;
  disabled?: boolean;
}

/** A titled section of the drawer; never a link itself. */
export interface MenuGroup extends MenuBase {
  type: 'group';
  children: MenuItem[];
}

/** A foldable sub-list, open when it holds the current page. */
export interface MenuCollapse extends MenuBase {
  type: 'collapse';
  children: MenuItem[];
}

export interface MenuLink extends MenuBase {
  type: 'item';
  url: string;
  /** Opens in a new tab and is never the active page. */
  external?: boolean;
}

export type MenuItem = MenuGroup | MenuCollapse | MenuLink;

/** The side menu of DESIGN.md §4. */
export const menuItems: MenuItem[] = [
  {
    id: 'dashboard-group',
    type: 'group',
    titleKey: 'menu.group.dashboard',
    children: [
      { id: 'dashboard', type: 'item', titleKey: 'menu.dashboard', url: '/dashboard', icon: 'dashboard' },
    ],
  },
  {
    id: 'management',
    type: 'group',
    titleKey: 'menu.group.management',
    children: [
      { id: 'users', type: 'item', titleKey: 'menu.users', url: '/users', icon: 'users' },
      {
        id: 'notifications',
        type: 'item',
        titleKey: 'menu.notifications',
        url: '/notifications',
        icon: 'bell',
      },
      { id: 'puzzles', type: 'item', titleKey: 'menu.puzzles', url: '/puzzles', icon: 'puzzle' },
      {
        id: 'help-center',
        type: 'item',
        titleKey: 'menu.helpCenter',
        url: '/help-center',
        icon: 'help-circle',
      },
      {
        id: 'content',
        type: 'collapse',
        titleKey: 'menu.content',
        icon: 'file-text',
        children: [
          { id: 'aboutus', type: 'item', titleKey: 'menu.aboutus', url: '/aboutus', icon: 'info-circle' },
          {
            id: 'privacyandpolicy',
            type: 'item',
            titleKey: 'menu.privacyandpolicy',
            url: '/privacyandpolicy',
            icon: 'shield-lock',
          },
          {
            id: 'termsandcondition',
            type: 'item',
            titleKey: 'menu.termsandcondition',
            url: '/termsandcondition',
            icon: 'license',
          },
        ],
      },
      { id: 'audit', type: 'item', titleKey: 'menu.audit', url: '/audit', icon: 'shield-lock' },
      { id: 'apiDocs', type: 'item', titleKey: 'menu.apiDocs', url: '/api-docs', icon: 'api' },
    ],
  },
];

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** True when `pathname` is `url` or below it (`/users/12` is under `/users`, `/users-x` is not). */
export function matchesUrl(url: string, pathname: string): boolean {
  const base = trimSlash(url);
  const path = trimSlash(pathname);
  return path === base || path.startsWith(base === '/' ? '/' : `${base}/`);
}

interface Match {
  ids: string[];
  length: number;
}

function collectMatches(list: readonly MenuItem[], pathname: string, trail: string[], out: Match[]): Match[] {
  for (const item of list) {
    const ids = [...trail, item.id];
    if (item.type === 'item') {
      if (!item.external && matchesUrl(item.url, pathname))
        out.push({ ids, length: trimSlash(item.url).length });
    } else if (Array.isArray(item.children)) {
      collectMatches(item.children, pathname, ids, out);
    }
  }
  return out;
}

/**
 * Ids from the root to the item whose url matches `pathname`, or `[]`. When several match
 * (`/` and `/users`), the longest url wins, so a catch-all never hides the real page.
 */
export function findActivePath(items: readonly MenuItem[], pathname: string): string[] {
  const matches = collectMatches(items, pathname, [], []);
  const best = matches.reduce<Match | null>((a, b) => (a && a.length >= b.length ? a : b), null);
  return best?.ids ?? [];
}
