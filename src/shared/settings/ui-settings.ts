/**
 * The admin's look (DESIGN.md §1): what it may be, its defaults, and how it travels. The settings
 * store keeps it in localStorage and mirrors it into the `ui` cookie; the middleware reads that
 * cookie so the server renders `<html>` with the saved look and the first paint is already right.
 * Client-safe: no server or i18n imports.
 */

export const THEME_MODES = ['light', 'dark'] as const;
export const PRESETS = ['default', 'theme1', 'theme2', 'theme3', 'theme4', 'theme5', 'theme6'] as const;
export const FONTS = ['poppins', 'roboto', 'inter'] as const;
/** Brand names, the same in every language. */
export const FONT_NAMES: Record<Font, string> = { poppins: 'Poppins', roboto: 'Roboto', inter: 'Inter' };
export const INPUT_STYLES = ['outlined', 'filled'] as const;
export const MENU_LAYOUTS = ['vertical', 'horizontal'] as const;
export const DRAWER_MODES = ['default', 'mini'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
/** How tall a list's rows are: comfortable, or compact to see more rows at once. */
export const DENSITIES = ['comfortable', 'compact'] as const;
export const RADIUS_MIN = 0;
export const RADIUS_MAX = 24;

export type ThemeMode = (typeof THEME_MODES)[number];
export type Preset = (typeof PRESETS)[number];
export type Font = (typeof FONTS)[number];
export type InputStyle = (typeof INPUT_STYLES)[number];
export type MenuLayout = (typeof MENU_LAYOUTS)[number];
export type DrawerMode = (typeof DRAWER_MODES)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type Density = (typeof DENSITIES)[number];

export interface UiSettings {
  mode: ThemeMode;
  preset: Preset;
  font: Font;
  /** Border radius in whole pixels, RADIUS_MIN..RADIUS_MAX. */
  radius: number;
  inputStyle: InputStyle;
  layout: MenuLayout;
  drawer: DrawerMode;
  /**
   * Below 1280 px the full drawer collapses to the mini rail unless the admin pinned it open
   * (issue #42): the content gains the width on a laptop screen, one click gives the menu back.
   */
  menuPinned: boolean;
  direction: Direction;
  density: Density;
}

export const DEFAULT_UI_SETTINGS: Readonly<UiSettings> = Object.freeze({
  mode: 'light',
  preset: 'default',
  font: 'poppins',
  radius: 10,
  inputStyle: 'outlined',
  layout: 'vertical',
  drawer: 'default',
  menuPinned: false,
  direction: 'ltr',
  density: 'comfortable',
});

/** The cookie the middleware reads (CONVENTIONS.md habit 9). */
export const UI_COOKIE = 'ui';

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

function radiusFrom(value: unknown): number {
  const radius = typeof value === 'number' ? value : Number.NaN;
  return Number.isInteger(radius) && radius >= RADIUS_MIN && radius <= RADIUS_MAX
    ? radius
    : DEFAULT_UI_SETTINGS.radius;
}

/**
 * Settings from anything (parsed cookie or storage JSON, older versions, hand-edited values):
 * each field that is not a known value falls back to its default, so a bad field never
 * costs the others.
 */
export function normalizeUiSettings(value: unknown): UiSettings {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const fallback = DEFAULT_UI_SETTINGS;
  return {
    mode: oneOf(THEME_MODES, raw['mode'], fallback.mode),
    preset: oneOf(PRESETS, raw['preset'], fallback.preset),
    font: oneOf(FONTS, raw['font'], fallback.font),
    radius: radiusFrom(raw['radius']),
    inputStyle: oneOf(INPUT_STYLES, raw['inputStyle'], fallback.inputStyle),
    layout: oneOf(MENU_LAYOUTS, raw['layout'], fallback.layout),
    drawer: oneOf(DRAWER_MODES, raw['drawer'], fallback.drawer),
    menuPinned: typeof raw['menuPinned'] === 'boolean' ? raw['menuPinned'] : fallback.menuPinned,
    direction: oneOf(DIRECTIONS, raw['direction'], fallback.direction),
    density: oneOf(DENSITIES, raw['density'], fallback.density),
  };
}

/** Settings from their JSON text (cookie or localStorage); garbage gives the defaults. */
export function parseUiSettings(text: string | null | undefined): UiSettings {
  if (!text) return { ...DEFAULT_UI_SETTINGS };
  try {
    return normalizeUiSettings(JSON.parse(text));
  } catch {
    return { ...DEFAULT_UI_SETTINGS };
  }
}

export function serializeUiSettings(settings: UiSettings): string {
  return JSON.stringify(normalizeUiSettings(settings));
}

/**
 * The attributes on `<html>` that carry the look; the stylesheet keys everything on them. The
 * server renders them from the cookie and the settings island sets the same ones on change.
 */
export function htmlAttributes(settings: UiSettings): Record<string, string> {
  return {
    dir: settings.direction,
    'data-bs-theme': settings.mode,
    'data-preset': settings.preset,
    'data-font': settings.font,
    'data-radius': String(settings.radius),
    'data-input': settings.inputStyle,
    'data-layout': settings.layout,
    'data-drawer-mode': settings.drawer,
    'data-menu-pinned': String(settings.menuPinned),
    'data-density': settings.density,
  };
}
