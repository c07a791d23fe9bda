import api from '@tabler/icons/outline/api.svg?raw';
import bell from '@tabler/icons/outline/bell.svg?raw';
import check from '@tabler/icons/outline/check.svg?raw';
import chevronDown from '@tabler/icons/outline/chevron-down.svg?raw';
import dashboard from '@tabler/icons/outline/dashboard.svg?raw';
import deviceGamepad2 from '@tabler/icons/outline/device-gamepad-2.svg?raw';
import dots from '@tabler/icons/outline/dots.svg?raw';
import fileText from '@tabler/icons/outline/file-text.svg?raw';
import helpCircle from '@tabler/icons/outline/help-circle.svg?raw';
import infoCircle from '@tabler/icons/outline/info-circle.svg?raw';
import language from '@tabler/icons/outline/language.svg?raw';
import license from '@tabler/icons/outline/license.svg?raw';
import logout from '@tabler/icons/outline/logout.svg?raw';
import menu2 from '@tabler/icons/outline/menu-2.svg?raw';
import pinned from '@tabler/icons/outline/pinned.svg?raw';
import puzzle from '@tabler/icons/outline/puzzle.svg?raw';
import search from '@tabler/icons/outline/search.svg?raw';
import settings from '@tabler/icons/outline/settings.svg?raw';
import shieldLock from '@tabler/icons/outline/shield-lock.svg?raw';
import userCircle from '@tabler/icons/outline/user-circle.svg?raw';
import users from '@tabler/icons/outline/users.svg?raw';

/**
 * The Tabler icons that server-rendered HTML shows (the shell, the menus), as the package ships
 * them: one SVG file per icon, through its public `exports` (`@tabler/icons/outline/<name>.svg`).
 * Islands keep using @tabler/icons-react; both draw the same shapes. Add an icon here before
 * naming it in an `.astro` file (the name type only allows these), then rewrite the sprite the
 * pages use with `npx vitest run --project unit src/components/icons -u` (icon-sprite.test.ts).
 * Only that test and the sprite's build read these files: pages carry a `<use>` of the sprite.
 */
export const SOURCES = {
  api,
  bell,
  check,
  'chevron-down': chevronDown,
  dashboard,
  'device-gamepad-2': deviceGamepad2,
  dots,
  'file-text': fileText,
  'help-circle': helpCircle,
  'info-circle': infoCircle,
  language,
  license,
  logout,
  'menu-2': menu2,
  pinned,
  puzzle,
  search,
  settings,
  'shield-lock': shieldLock,
  'user-circle': userCircle,
  users,
} as const;

export type IconName = keyof typeof SOURCES;

/**
 * Tabler's files start every outline icon with an invisible 24×24 box (`stroke="none"`), a help
 * for design tools that @tabler/icons-react leaves out too; only the drawn shapes are kept.
 */
const BOX = /<path stroke="none" d="M0 0h24v24H0z" fill="none"\s*\/>/;

function shapesOf(source: string): string {
  const inner = /<svg\b[^>]*>([\s\S]*)<\/svg>/.exec(source)?.[1];
  if (inner === undefined) throw new Error('not an SVG file');
  return inner.replace(BOX, '').replace(/>\s+</g, '><').trim();
}

/**
 * One SVG file holding every icon as a `<symbol>` named after it (icons.svg). A symbol carries no
 * paint of its own: the `<svg>` around each `<use>` sets stroke, width and colour, which the
 * shapes inherit, as they do from @tabler/icons-react's own `<svg>`.
 */
export function iconSprite(): string {
  const symbols = Object.entries(SOURCES).map(
    ([name, source]) => `<symbol id="${name}" viewBox="0 0 24 24">${shapesOf(source)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}
