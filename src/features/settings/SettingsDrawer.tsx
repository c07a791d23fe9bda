import { useStore } from '@nanostores/react';
import { IconMoon, IconRefresh, IconSun, type TablerIcon } from '@tabler/icons-react';
import { useId } from 'react';
import { Offcanvas } from 'react-bootstrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import type { OnDemandDialogProps } from '../../components/OnDemandDialog';
import {
  $uiSettings,
  resetUiSettings,
  setDensity,
  setDirection,
  setDrawerMode,
  setFont,
  setInputStyle,
  setMenuLayout,
  setMenuPinned,
  setPreset,
  setRadius,
  setThemeMode,
} from '../../stores/ui-settings';
import { fill, type Labels } from '../../lib/labels';
import type { settingsLabelKeys } from './settings-labels';
import {
  FONT_NAMES,
  FONTS,
  PRESETS,
  RADIUS_MAX,
  RADIUS_MIN,
  type Preset,
} from '../../shared/settings/ui-settings';

type SettingsLabels = Labels<typeof settingsLabelKeys>;

interface Choice<Value extends string> {
  value: Value;
  label: string;
  icon?: TablerIcon;
}

interface ChoiceGroupProps<Value extends string> {
  legend: string;
  value: Value;
  choices: readonly Choice<Value>[];
  onChange: (value: Value) => void;
}

/** A radio group drawn as a row of buttons: arrow keys move the choice, as in any radio group. */
function ChoiceGroup<Value extends string>({ legend, value, choices, onChange }: ChoiceGroupProps<Value>) {
  const name = useId();
  return (
    <fieldset className="app-settings-section">
      <legend className="app-settings-legend">{legend}</legend>
      <div className="app-settings-choices">
        {choices.map((choice) => {
          const id = `${name}-${choice.value}`;
          const Icon = choice.icon;
          return (
            <div key={choice.value} className="app-settings-choice">
              <input
                type="radio"
                className="btn-check"
                id={id}
                name={name}
                value={choice.value}
                checked={choice.value === value}
                onChange={() => onChange(choice.value)}
              />
              <label className="btn btn-outline-primary" htmlFor={id}>
                {Icon && <Icon size={18} aria-hidden="true" />}
                {choice.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function presetLabel(preset: Preset, labels: SettingsLabels): string {
  return preset === 'default'
    ? labels.presetDefault
    : fill(labels.presetNumbered, { number: preset.replace('theme', '') });
}

/** The colour presets as swatches; each swatch carries `data-preset`, so it shows that preset's colours. */
function PresetPicker({ value, labels }: { value: Preset; labels: SettingsLabels }) {
  const name = useId();
  return (
    <fieldset className="app-settings-section">
      <legend className="app-settings-legend">{labels.preset}</legend>
      <div className="app-settings-presets">
        {PRESETS.map((preset) => {
          const id = `${name}-${preset}`;
          return (
            <div key={preset}>
              <input
                type="radio"
                className="btn-check"
                id={id}
                name={name}
                value={preset}
                checked={preset === value}
                onChange={() => setPreset(preset)}
              />
              <label className="app-preset-option" htmlFor={id}>
                <span className="app-preset-swatch" data-preset={preset} aria-hidden="true" />
                <span className="visually-hidden">{presetLabel(preset, labels)}</span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function RadiusSlider({ value, labels }: { value: number; labels: SettingsLabels }) {
  const id = useId();
  const shown = fill(labels.radiusValue, { value });
  return (
    <div className="app-settings-section">
      <div className="d-flex justify-content-between align-items-baseline">
        <label className="app-settings-legend" htmlFor={id}>
          {labels.radius}
        </label>
        {/* `auto`: a number and its unit keep their order when the page is right to left. */}
        <output htmlFor={id} className="small text-body-secondary" dir="auto">
          {shown}
        </output>
      </div>
      <input
        type="range"
        className="form-range"
        id={id}
        min={RADIUS_MIN}
        max={RADIUS_MAX}
        step={1}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => setRadius(event.currentTarget.valueAsNumber)}
      />
    </div>
  );
}

interface SettingsDrawerProps extends OnDemandDialogProps {
  labels: SettingsLabels;
}

/**
 * The drawer the header's settings button opens (DESIGN.md §1: mode, preset, font, radius,
 * inputs, menu, drawer, direction; and the lists' density). Every change goes to the store at once; the store keeps
 * localStorage, other tabs, the `<html>` attributes and the cookie in step (follow-ui-settings.ts,
 * which runs on every page from settings-trigger.ts). Loaded on the first use (settings-widget.tsx).
 */
export default function SettingsDrawer({ labels, open, onHide }: SettingsDrawerProps) {
  const settings = useStore($uiSettings);
  const directionId = useId();
  const pinnedId = useId();

  return (
    <Offcanvas
      show={open}
      onHide={onHide}
      placement="end"
      className="app-settings"
      onKeyDown={keepTabInside}
      aria-labelledby="settings-title"
    >
      <Offcanvas.Header closeButton closeLabel={labels.close}>
        <Offcanvas.Title as="h2" id="settings-title" className="h5 mb-0">
          {labels.title}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <ChoiceGroup
          legend={labels.mode}
          value={settings.mode}
          onChange={setThemeMode}
          choices={[
            { value: 'light', label: labels.light, icon: IconSun },
            { value: 'dark', label: labels.dark, icon: IconMoon },
          ]}
        />
        <PresetPicker value={settings.preset} labels={labels} />
        <ChoiceGroup
          legend={labels.font}
          value={settings.font}
          onChange={setFont}
          choices={FONTS.map((font) => ({ value: font, label: FONT_NAMES[font] }))}
        />
        <RadiusSlider value={settings.radius} labels={labels} />
        <ChoiceGroup
          legend={labels.inputStyle}
          value={settings.inputStyle}
          onChange={setInputStyle}
          choices={[
            { value: 'outlined', label: labels.outlined },
            { value: 'filled', label: labels.filled },
          ]}
        />
        <ChoiceGroup
          legend={labels.layout}
          value={settings.layout}
          onChange={setMenuLayout}
          choices={[
            { value: 'vertical', label: labels.vertical },
            { value: 'horizontal', label: labels.horizontal },
          ]}
        />
        <ChoiceGroup
          legend={labels.drawer}
          value={settings.drawer}
          onChange={setDrawerMode}
          choices={[
            { value: 'default', label: labels.drawerDefault },
            { value: 'mini', label: labels.drawerMini },
          ]}
        />
        {/* The pin at the foot of the side menu's rail says the same (MenuPin.astro). */}
        <div className="app-settings-section form-check form-switch">
          <input
            type="checkbox"
            role="switch"
            className="form-check-input"
            id={pinnedId}
            checked={settings.menuPinned}
            onChange={(event) => setMenuPinned(event.currentTarget.checked)}
          />
          <label className="form-check-label" htmlFor={pinnedId}>
            {labels.menuPinned}
          </label>
        </div>
        <ChoiceGroup
          legend={labels.density}
          value={settings.density}
          onChange={setDensity}
          choices={[
            { value: 'comfortable', label: labels.comfortable },
            { value: 'compact', label: labels.compact },
          ]}
        />
        <div className="app-settings-section form-check form-switch">
          <input
            type="checkbox"
            role="switch"
            className="form-check-input"
            id={directionId}
            checked={settings.direction === 'rtl'}
            onChange={(event) => setDirection(event.currentTarget.checked ? 'rtl' : 'ltr')}
          />
          <label className="form-check-label" htmlFor={directionId}>
            {labels.rtl}
          </label>
        </div>
        <button
          type="button"
          className="btn app-icon-btn w-100 justify-content-center"
          onClick={resetUiSettings}
        >
          <IconRefresh size={18} aria-hidden="true" />
          {labels.reset}
        </button>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
