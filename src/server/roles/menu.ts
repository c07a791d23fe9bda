import type { Permission } from '../../shared/roles/permissions';
import { menuItems, type MenuItem } from '../../shared/menu/menu-items';
import { mayOpen } from './may-open';

function opens(item: MenuItem & { type: 'item' }, permissions: readonly Permission[]): boolean {
  return item.external || mayOpen(permissions, item.url);
}

/** The menu as a role sees it: only the pages it may open, and no group left empty. */
export function menuFor(items: readonly MenuItem[], permissions: readonly Permission[]): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (item.type === 'item') return opens(item, permissions) ? [item] : [];
    const children = menuFor(item.children, permissions);
    return children.length ? [{ ...item, children }] : [];
  });
}

function firstOpenable(items: readonly MenuItem[], permissions: readonly Permission[]): string | null {
  for (const item of items) {
    if (item.type === 'item') {
      if (!item.external && opens(item, permissions)) return item.url;
    } else {
      const found = firstOpenable(item.children, permissions);
      if (found) return found;
    }
  }
  return null;
}

/** Where a role lands: the first menu page it may open (the dashboard for most), else the profile. */
export function homeFor(permissions: readonly Permission[]): string {
  return firstOpenable(menuItems, permissions) ?? '/profile';
}
