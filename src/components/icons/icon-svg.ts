import type { SOURCES } from './icon-sources';
// `no-inline`: a `<use>` must point at a real URL; browsers refuse a data: URL there.
import spriteUrl from './icons.svg?url&no-inline';

/** The icons the server draws (icon-sources.ts). */
export type IconName = keyof typeof SOURCES;

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
 * The icon as decorative SVG markup, with the size, stroke width and classes @tabler/icons-react
 * gives it. Its shapes are a `<use>` of the one sprite file (issue #43): a page names each icon in
 * a line, and the browser fetches the sprite once, from a hashed `/_astro/` URL it keeps for a
 * year. The paint Tabler repeats on every icon (no fill, a round stroke in the text's colour) is
 * one rule in _shell.scss; the stroke width stays an attribute, which CSS would override.
 */
export function iconSvg(name: IconName, { size = 24, stroke = 2, className }: IconOptions = {}): string {
  const classes = escapeAttribute(`tabler-icon tabler-icon-${name}${className ? ` ${className}` : ''}`);
  return (
    `<svg width="${size}" height="${size}" stroke-width="${stroke}" class="${classes}" aria-hidden="true">` +
    `<use href="${spriteUrl}#${name}"></use></svg>`
  );
}
