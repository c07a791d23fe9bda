import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UI_SETTINGS } from '../shared/settings/ui-settings';
import {
  $uiSettings,
  resetUiSettings,
  setDirection,
  setPreset,
  setRadius,
  setThemeMode,
  UI_SETTINGS_STORAGE_KEY,
} from './ui-settings';

beforeAll(() => {
  useTestStorageEngine();
});
afterEach(() => {
  resetUiSettings();
  cleanTestStorage();
});

describe('the settings store', () => {
  it('starts at the defaults and saves each change as JSON', () => {
    const stop = $uiSettings.listen(() => {});
    expect($uiSettings.get()).toEqual(DEFAULT_UI_SETTINGS);
    setThemeMode('dark');
    setPreset('theme5');
    setDirection('rtl');
    expect(JSON.parse(getTestStorage()[UI_SETTINGS_STORAGE_KEY] ?? '{}')).toEqual({
      ...DEFAULT_UI_SETTINGS,
      mode: 'dark',
      preset: 'theme5',
      direction: 'rtl',
    });
    stop();
  });

  it('never stores a value outside the allowed ones', () => {
    setRadius(7);
    expect($uiSettings.get().radius).toBe(7);
    setRadius(99);
    expect($uiSettings.get().radius).toBe(DEFAULT_UI_SETTINGS.radius);
    setRadius(Number.NaN);
    expect($uiSettings.get().radius).toBe(DEFAULT_UI_SETTINGS.radius);
  });

  it('takes a change made in another tab, and ignores garbage from it', () => {
    const stop = $uiSettings.listen(() => {});
    setTestStorageKey(UI_SETTINGS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_UI_SETTINGS, mode: 'dark' }));
    expect($uiSettings.get().mode).toBe('dark');
    setTestStorageKey(UI_SETTINGS_STORAGE_KEY, '{"mode":"purple"');
    expect($uiSettings.get()).toEqual(DEFAULT_UI_SETTINGS);
    stop();
  });

  it('resets to the defaults', () => {
    setThemeMode('dark');
    resetUiSettings();
    expect($uiSettings.get()).toEqual(DEFAULT_UI_SETTINGS);
  });
});
