import { fileURLToPath } from 'node:url';
import { compile } from 'sass';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRESETS, THEME_MODES, type Preset, type ThemeMode } from '../shared/settings/ui-settings';

/**
 * Every preset, in both modes, keeps its text at WCAG AA (4.5:1) where the theme puts it: on the
 * button fills, on the page, on the subtle tints. Reads the compiled stylesheet the way a browser
 * would for <html>: the rules that match its attributes, by specificity then source order.
 */

const AA = 4.5;
type Declarations = Map<string, string>;
interface Rule {
  selectors: string[];
  declarations: Declarations;
}

let rules: Rule[] = [];

beforeAll(() => {
  const entry = fileURLToPath(new URL('./app.scss', import.meta.url));
  const { css } = compile(entry, {
    loadPaths: [fileURLToPath(new URL('../../node_modules', import.meta.url))],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
  });
  rules = topLevelRules(css);
});

/** Plain rules outside at-rules; the palette lives there. */
function topLevelRules(css: string): Rule[] {
  const found: Rule[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '{') {
      if (depth === 0) {
        // After any statement at-rule (`@charset "UTF-8";`) that precedes the selector.
        const prelude = text.slice(start, index).split(';').pop()!.trim();
        const end = text.indexOf('}', index);
        const body = text.slice(index + 1, end);
        if (!prelude.startsWith('@') && !body.includes('{')) {
          found.push({
            selectors: prelude.split(',').map((selector) => selector.trim()),
            declarations: new Map(
              body
                .split(';')
                .map((line) => line.trim())
                .filter((line) => line.includes(':'))
                .map((line) => {
                  const colon = line.indexOf(':');
                  return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as const;
                }),
            ),
          });
        }
      }
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) start = index + 1;
    }
  }
  return found;
}

/** Specificity of a selector that matches <html> (`:root` and attribute tests only), else -1. */
function htmlSpecificity(selector: string, attributes: Record<string, string>): number {
  const parts = selector.match(/:root|\[[^\]]+\]/g) ?? [];
  if (parts.join('') !== selector) return -1;
  for (const part of parts) {
    if (part === ':root') continue;
    const [, name, value] = /^\[([\w-]+)=["']?([^"'\]]*)["']?\]$/.exec(part) ?? [];
    if (name === undefined || attributes[name] !== value) return -1;
  }
  return parts.length;
}

/** The custom properties <html> ends up with for these attributes. */
function htmlVariables(preset: Preset, mode: ThemeMode): Declarations {
  const attributes = { 'data-preset': preset, 'data-bs-theme': mode };
  const matching = rules
    .map((rule, order) => ({
      rule,
      order,
      specificity: Math.max(...rule.selectors.map((s) => htmlSpecificity(s, attributes))),
    }))
    .filter(({ specificity }) => specificity >= 0)
    .sort((a, b) => a.specificity - b.specificity || a.order - b.order);
  const variables: Declarations = new Map();
  for (const { rule } of matching) {
    for (const [name, value] of rule.declarations) if (name.startsWith('--')) variables.set(name, value);
  }
  return variables;
}

function declarationsOf(selector: string): Declarations {
  const rule = rules.find((candidate) => candidate.selectors.includes(selector));
  if (!rule) throw new Error(`no rule for ${selector}`);
  return rule.declarations;
}

function resolve(value: string, variables: Declarations, depth = 0): string {
  if (depth > 10) throw new Error(`var() loop in ${value}`);
  const resolved = value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => {
    const found = variables.get(name);
    if (found === undefined) throw new Error(`${name} is not set on <html>`);
    return found;
  });
  return resolved.includes('var(') ? resolve(resolved, variables, depth + 1) : resolved;
}

type Rgba = [number, number, number, number];

function parseColor(text: string): Rgba {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(text);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d) : hex[1]!.match(/../g)!;
    const [r, g, b] = digits.map((pair) => parseInt(pair, 16)) as [number, number, number];
    return [r, g, b, 1];
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(text);
  if (fn) {
    // Sass prints mixed colours with percentage channels.
    const channel = (part: string, scale: number) =>
      part.endsWith('%') ? (Number(part.slice(0, -1)) * scale) / 100 : Number(part);
    const parts = fn[1]!.split(/[\s,/]+/);
    const [r, g, b] = parts.slice(0, 3).map((part) => channel(part, 255));
    const a = parts[3] === undefined ? 1 : channel(parts[3], 1);
    if ([r, g, b, a].every(Number.isFinite)) return [r!, g!, b!, a];
  }
  throw new Error(`not a colour: ${text}`);
}

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast of `foreground` over `background` (translucent text blended onto it first). */
function contrast(foreground: string, background: string): number {
  const back = parseColor(background);
  const [r, g, b, a] = parseColor(foreground);
  const blend = (front: number, behind: number) => front * a + behind * (1 - a);
  const front: Rgba = [blend(r, back[0]), blend(g, back[1]), blend(b, back[2]), 1];
  const [light, dark] = [luminance(front), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each(PRESETS.flatMap((preset) => THEME_MODES.map((mode) => [preset, mode] as const)))(
  'preset %s in %s mode',
  (preset, mode) => {
    let html: Declarations;
    const color = (value: string) => resolve(value, html);
    // The cards' surface, the tertiary one, and the tinted page behind the cards (issue #42).
    const pages = () => [
      color('var(--bs-body-bg)'),
      color('var(--bs-tertiary-bg)'),
      color('var(--app-page-bg)'),
    ];
    beforeAll(() => {
      html = htmlVariables(preset, mode);
    });

    it.each(['primary', 'secondary'])(
      '%s buttons: text on the fill, at rest, hovered and pressed',
      (role) => {
        const button = declarationsOf(`.btn-${role}`);
        for (const state of ['', 'hover-', 'active-']) {
          const text = color(button.get(`--bs-btn-${state}color`)!);
          const fill = color(button.get(`--bs-btn-${state}bg`)!);
          expect(contrast(text, fill), `${state || 'rest'} ${text} on ${fill}`).toBeGreaterThanOrEqual(AA);
        }
        const outline = declarationsOf(`.btn-outline-${role}`);
        for (const page of pages()) {
          const text = color(outline.get('--bs-btn-color')!);
          expect(contrast(text, page), `outline ${text} on ${page}`).toBeGreaterThanOrEqual(AA);
        }
        const hoverText = color(outline.get('--bs-btn-hover-color')!);
        const hoverFill = color(outline.get('--bs-btn-hover-bg')!);
        expect(contrast(hoverText, hoverFill), 'outline hovered').toBeGreaterThanOrEqual(AA);
        const badge = declarationsOf(`.text-bg-${role}`);
        const badgeText = color(badge.get('color')!.replace(/\s*!important$/, ''));
        expect(contrast(badgeText, color(`var(--bs-${role})`)), '.text-bg').toBeGreaterThanOrEqual(AA);
      },
    );

    it.each(['primary', 'secondary'])('%s emphasis text on the page and on its subtle tint', (role) => {
      const emphasis = color(`var(--bs-${role}-text-emphasis)`);
      for (const background of [...pages(), color(`var(--bs-${role}-bg-subtle)`)]) {
        expect(contrast(emphasis, background), `${emphasis} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    });

    it('body and secondary text on the cards and on the tinted page', () => {
      for (const text of [color('var(--bs-body-color)'), color('var(--bs-secondary-color)')]) {
        for (const page of pages()) {
          expect(contrast(text, page), `${text} on ${page}`).toBeGreaterThanOrEqual(AA);
        }
      }
    });

    it('the tinted page stands apart from the cards on it', () => {
      // Not a text contrast: the tint must be visible at all, or the cards would not read as raised.
      expect(contrast(color('var(--app-page-bg)'), color('var(--bs-body-bg)'))).toBeGreaterThan(1.08);
    });

    it('tinted header buttons and the selected menu entry: text at rest and hovered', () => {
      const button = declarationsOf('.app-icon-btn');
      for (const state of ['', 'hover-', 'active-']) {
        const text = color(button.get(`--bs-btn-${state}color`)!);
        const fill = color(button.get(`--bs-btn-${state}bg`)!);
        expect(contrast(text, fill), `${state || 'rest'} ${text} on ${fill}`).toBeGreaterThanOrEqual(AA);
      }
    });

    it('links, hovered or not, on the page', () => {
      for (const link of [color('var(--bs-link-color)'), color('var(--bs-link-hover-color)')]) {
        for (const page of pages()) {
          expect(contrast(link, page), `${link} on ${page}`).toBeGreaterThanOrEqual(AA);
        }
      }
    });

    it('active menu items (dropdown, pills, pagination) on the primary fill', () => {
      const pairs = [
        ['.dropdown-menu', '--bs-dropdown-link-active-color', '--bs-dropdown-link-active-bg'],
        ['.nav-pills', '--bs-nav-pills-link-active-color', '--bs-nav-pills-link-active-bg'],
        ['.pagination', '--bs-pagination-active-color', '--bs-pagination-active-bg'],
      ] as const;
      for (const [selector, text, fill] of pairs) {
        const declarations = declarationsOf(selector);
        const pair = [color(declarations.get(text)!), color(declarations.get(fill)!)] as const;
        expect(contrast(...pair), `${selector} ${pair.join(' on ')}`).toBeGreaterThanOrEqual(AA);
      }
    });
  },
);

/**
 * The dashboard's headline cards (src/features/dashboard/_dashboard-accent.scss): each tone sets
 * its text, its fill and the two circles drawn behind the text. Read from that stylesheet, so a
 * change there is checked too.
 */
const HERO_TONES = ['primary', 'secondary', 'primary-subtle'] as const;
let heroCards: Rule[] = [];
beforeAll(() => {
  const entry = fileURLToPath(new URL('../features/dashboard/dashboard.scss', import.meta.url));
  heroCards = topLevelRules(compile(entry, { silenceDeprecations: ['import'] }).css);
});

function heroCard(tone: (typeof HERO_TONES)[number]): Declarations {
  const find = (selector: string) => heroCards.find((rule) => rule.selectors.includes(selector));
  const base = find('.dashboard-card.dashboard-card-accent');
  if (!base) throw new Error('no rule for the headline cards');
  const own = tone === 'primary' ? undefined : find(`.dashboard-card.dashboard-card-${tone}`);
  return new Map([...base.declarations, ...(own?.declarations ?? [])]);
}

describe.each(PRESETS.flatMap((preset) => THEME_MODES.map((mode) => [preset, mode] as const)))(
  'the dashboard’s headline cards, preset %s in %s mode',
  (preset, mode) => {
    it.each(HERO_TONES)('%s: the text on its fill and on the circles behind it', (tone) => {
      // The card's own properties over <html>'s, as the cascade gives them to its text.
      const variables = new Map([...htmlVariables(preset, mode), ...heroCard(tone)]);
      const color = (name: string) => resolve(`var(${name})`, variables);
      const text = color('--app-card-text');
      // The circles take the page's colour at half opacity on the soft card: both ends checked.
      const behind = [color('--app-card-fill'), color('--app-card-deep'), color('--app-card-deeper')];
      for (const background of behind) {
        expect(contrast(text, background), `${tone} ${text} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    });
  },
);

describe('the presets', () => {
  it('each look different, in both modes', () => {
    for (const mode of THEME_MODES) {
      const fills = PRESETS.map((preset) => {
        const html = htmlVariables(preset, mode);
        return `${resolve('var(--bs-primary)', html)} ${resolve('var(--bs-secondary)', html)}`;
      });
      expect(new Set(fills).size).toBe(PRESETS.length);
    }
  });

  it('leave no literal of the default palette in component rules', () => {
    const literal = /#673ab7|#2196f3|103, 58, 183|33, 150, 243/i;
    const offenders = rules
      .filter((rule) => [...rule.declarations.values()].some((value) => literal.test(value)))
      .map((rule) => rule.selectors.join(', '))
      .filter((selector) => !selector.startsWith(':root') && !selector.startsWith('['));
    expect(offenders).toEqual([]);
  });
});
