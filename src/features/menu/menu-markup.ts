import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale } from '../../i18n/locales';
import SideMenu from './SideMenu';
import type { Translate } from './MenuEntryParts';
import { findActivePath, menuItems } from './menu-items';

/**
 * The drawer and the menu bar are the same HTML for every admin who reads the same language on a
 * page with the same active entry, yet rendering them through React is most of a shell's cost.
 * So each (language, active entry) pair is rendered once and reused. Nothing per admin goes in:
 * the menu shows no name, no count, no setting (layout and theme are `<html>` attributes, applied
 * by CSS), so a cached copy cannot leak one admin's data to another. The key space is bounded
 * by languages × menu entries: an unknown path has no active entry and shares the empty key.
 */
const cache = new Map<string, string>();

export function sideMenuMarkup(locale: Locale, label: Translate, pathname: string): string {
  const key = `${locale} ${findActivePath(menuItems, pathname).join('/')}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(SideMenu, { items: menuItems, pathname, label }));
    cache.set(key, html);
  }
  return html;
}
