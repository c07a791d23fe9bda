import reactRenderer from '@astrojs/react/server.js';
import type { AstroComponentMetadata } from 'astro';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { cachedIslandHtml, isCacheable } from './island-cache';

/**
 * Astro's server renderer for React, in place of @astrojs/react's own (astro.config.mjs swaps it
 * in), because that one costs most of a signed-in page's time:
 * - it probes every component (`check`) by rendering it once more inside a test component;
 *   React is our only framework, so any function or React object type is React's;
 * - it renders through a web ReadableStream even when nothing suspends; `renderToString` gives
 *   the same markup synchronously;
 * - it renders the shell's islands anew for every page, although their HTML only depends on their
 *   props; those opt in to island-cache.ts.
 * Components given children or named slots, or rendered for an Astro action's form post, take
 * @astrojs/react's own path (its slot wrappers and form state live there).
 */

interface RendererThis {
  result?: { request: Request; actionResult?: unknown };
}
/** Astro hands slots over already rendered to HTML. */
type Slots = Record<string, string>;
type Props = Record<string, unknown>;

/**
 * useId prefixes, one series per page. @astrojs/react numbers the islands it renders `r0`, `r1`, …;
 * ours are `s0`, `s1`, … so an island rendered by either never shares a prefix (nor DOM ids)
 * with another on the same page.
 */
const counters = new WeakMap<object, number>();
function nextPrefix(result: object | undefined): string {
  if (!result) return 's';
  const index = counters.get(result) ?? 0;
  counters.set(result, index + 1);
  return `s${index}`;
}

function check(Component: unknown): boolean {
  if (typeof Component === 'function') return true;
  return typeof Component === 'object' && Component !== null && '$$typeof' in Component;
}

function takesOwnPath(self: RendererThis, props: Props, slots: Slots): boolean {
  if (Object.keys(slots).length > 0 || props.children != null) return true;
  return self.result?.actionResult !== undefined;
}

async function renderToStaticMarkup(
  this: RendererThis,
  Component: ComponentType<Props>,
  props: Props,
  slots: Slots,
  metadata?: AstroComponentMetadata,
) {
  if (takesOwnPath(this, props, slots)) {
    return reactRenderer.renderToStaticMarkup.call(this, Component, props, slots, metadata);
  }
  const prefix = nextPrefix(this?.result);
  const { class: _class, ...rest } = props;
  const render = () => renderToString(createElement(Component, rest), { identifierPrefix: prefix });
  const html = isCacheable(Component) ? cachedIslandHtml(Component, prefix, rest, render) : render();
  return { html, attrs: { prefix } };
}

export default {
  name: '@astrojs/react',
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
