import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRouteFiles } from '../../../tests/support/routes';
import { PUBLIC_ADMIN_API } from '../http/routes';
import { API_NEEDS, PAGE_NEEDS } from './route-permissions';

/** Issue #28: every signed-in route declares what it needs, in one place; a new route without one fails here. */
describe('the route permission table', () => {
  it('names every signed-in endpoint under /api/admin, and nothing that has no file', () => {
    const files = apiRouteFiles()
      .map((route) => route.path)
      .filter((route) => !PUBLIC_ADMIN_API.has(route));
    expect(
      files.filter((route) => !(route in API_NEEDS)),
      'declare a permission in API_NEEDS',
    ).toEqual([]);
    expect(
      Object.keys(API_NEEDS).filter((route) => !files.includes(route)),
      'no such endpoint',
    ).toEqual([]);
  });

  it('names every page of the admin shell', () => {
    const pages = fs
      .readdirSync(path.resolve('src/pages'))
      .filter((name) => name.endsWith('.astro'))
      .filter((name) => fs.readFileSync(path.resolve('src/pages', name), 'utf8').includes('<AdminLayout'))
      .map((name) => `/${name.replace(/\.astro$/, '')}`);
    expect(pages.filter((page) => !(page in PAGE_NEEDS)).sort()).toEqual([]);
  });
});
