import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UI_SETTINGS,
  htmlAttributes,
  normalizeUiSettings,
  parseUiSettings,
  serializeUiSettings,
} from './ui-settings';

describe('reading saved settings', () => {
  it('gives the defaults for nothing or garbage', () => {
    expect(parseUiSettings(undefined)).toEqual(DEFAULT_UI_SETTINGS);
    expect(parseUiSettings('')).toEqual(DEFAULT_UI_SETTINGS);
    expect(parseUiSettings('{not json')).toEqual(DEFAULT_UI_SETTINGS);
    expect(parseUiSettings('"dark"')).toEqual(DEFAULT_UI_SETTINGS);
    expect(parseUiSettings('null')).toEqual(DEFAULT_UI_SETTINGS);
  });

  it('keeps every valid field and defaults only the bad ones', () => {
    const saved = parseUiSettings(
      JSON.stringify({
        mode: 'dark',
        preset: 'theme9',
        font: 'inter',
        radius: 99,
        direction: 'rtl',
        density: 'compact',
      }),
    );
    expect(saved).toEqual({
      ...DEFAULT_UI_SETTINGS,
      mode: 'dark',
      font: 'inter',
      direction: 'rtl',
      density: 'compact',
    });
    expect(parseUiSettings(JSON.stringify({ density: 'tiny' })).density).toBe('comfortable');
  });

  it('accepts only whole radii inside the slider range', () => {
    expect(normalizeUiSettings({ radius: 0 }).radius).toBe(0);
    expect(normalizeUiSettings({ radius: 24 }).radius).toBe(24);
    expect(normalizeUiSettings({ radius: 4.5 }).radius).toBe(10);
    expect(normalizeUiSettings({ radius: -1 }).radius).toBe(10);
    expect(normalizeUiSettings({ radius: '12' }).radius).toBe(10);
  });

  it('keeps the menu pinned open only for a real true', () => {
    expect(normalizeUiSettings({ menuPinned: true }).menuPinned).toBe(true);
    expect(normalizeUiSettings({ menuPinned: 'true' }).menuPinned).toBe(false);
    expect(normalizeUiSettings({}).menuPinned).toBe(false);
  });

  it('round-trips through its text form', () => {
    const settings = { ...DEFAULT_UI_SETTINGS, preset: 'theme3', layout: 'horizontal', radius: 4 } as const;
    expect(parseUiSettings(serializeUiSettings(settings))).toEqual(settings);
  });
});

describe('the attributes on <html>', () => {
  it('carry every setting', () => {
    expect(
      htmlAttributes({ ...DEFAULT_UI_SETTINGS, mode: 'dark', drawer: 'mini', radius: 6, density: 'compact' }),
    ).toEqual({
      dir: 'ltr',
      'data-bs-theme': 'dark',
      'data-preset': 'default',
      'data-font': 'poppins',
      'data-radius': '6',
      'data-input': 'outlined',
      'data-layout': 'vertical',
      'data-drawer-mode': 'mini',
      'data-menu-pinned': 'false',
      'data-density': 'compact',
    });
  });
});
