import { persistentAtom } from '@nanostores/persistent';
import {
  DEFAULT_UI_SETTINGS,
  normalizeUiSettings,
  parseUiSettings,
  serializeUiSettings,
  type Density,
  type Direction,
  type DrawerMode,
  type Font,
  type InputStyle,
  type MenuLayout,
  type Preset,
  type ThemeMode,
  type UiSettings,
} from '../shared/settings/ui-settings';

/** The localStorage key; other tabs hear changes to it through the `storage` event. */
export const UI_SETTINGS_STORAGE_KEY = 'ui';

/**
 * The admin's look, kept in localStorage and synced across tabs (DESIGN.md §2). What is read
 * back is normalised, so a value from an older version or another hand never breaks the page.
 */
export const $uiSettings = persistentAtom<UiSettings>(
  UI_SETTINGS_STORAGE_KEY,
  { ...DEFAULT_UI_SETTINGS },
  { encode: serializeUiSettings, decode: parseUiSettings },
);

function update(change: Partial<UiSettings>): void {
  $uiSettings.set(normalizeUiSettings({ ...$uiSettings.get(), ...change }));
}

export const setThemeMode = (mode: ThemeMode): void => update({ mode });
export const setPreset = (preset: Preset): void => update({ preset });
export const setFont = (font: Font): void => update({ font });
export const setRadius = (radius: number): void => update({ radius });
export const setInputStyle = (inputStyle: InputStyle): void => update({ inputStyle });
export const setMenuLayout = (layout: MenuLayout): void => update({ layout });
export const setDrawerMode = (drawer: DrawerMode): void => update({ drawer });
export const setMenuPinned = (menuPinned: boolean): void => update({ menuPinned });
export const setDirection = (direction: Direction): void => update({ direction });
export const setDensity = (density: Density): void => update({ density });

/** Back to DESIGN.md's defaults. The language is not part of the look: the language menu owns it. */
export function resetUiSettings(): void {
  $uiSettings.set({ ...DEFAULT_UI_SETTINGS });
}
