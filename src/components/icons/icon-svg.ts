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
 * them: one SVG file per icon, through its public `exports` (`@tabler/icons/outline/<name>.svg`),
 * read as text at build time. Islands keep using @tabler/icons-react; both draw the same shapes.
 * Add an icon here before naming it in an `.astro` file: the name type only allows these.
 */
const SOURCES = {
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

/** Each icon's inner markup, worked out once when the server starts. */
const SHAPES = new Map(Object.entries(SOURCES).map(([name, source]) => [name, shapesOf(source)]));

export interface IconOptions {
  /** Width and height in px (Tabler's 24 by default). */
  size?: number;
  /** Stroke width (Tabler's 2 by default). */
  stroke?: number;
  /** Classes beside `tabler-icon tabler-icon-<name>`. */
  className?: string;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The icon as decorative SVG markup, with the same attributes and classes as
 * @tabler/icons-react draws, so CSS aimed at `.tabler-icon` treats both alike.
 */
export function iconSvg(name: IconName, { size = 24, stroke = 2, className }: IconOptions = {}): string {
  const shapes = SHAPES.get(name);
  if (shapes === undefined) throw new Error(`unknown icon ${name}`);
  const classes = escapeAttribute(`tabler-icon tabler-icon-${name}${className ? ` ${className}` : ''}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" ` +
    `fill="none" stroke="currentColor" stroke-width="${stroke}" stroke-linecap="round" ` +
    `stroke-linejoin="round" class="${classes}" aria-hidden="true">${shapes}</svg>`
  );
}
