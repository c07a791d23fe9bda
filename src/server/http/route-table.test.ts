import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutesSource, API_ROUTES_FILE } from '../../../scripts/api-routes.mjs';
import { apiRouteFiles } from '../../../tests/support/routes';
import { PERMISSIONS } from '../../shared/roles/permissions';
import { readPageDeclaration, routeTable } from './route-table';

/** Route files, from the disk (not from the glob the table is collected with). */
const endpointFiles = ['api/admin', 'api/app', 'api/account'].flatMap((dir) => apiRouteFiles(dir));
const pageFiles = fs
  .readdirSync(path.resolve('src/pages'), { recursive: true, encoding: 'utf8' })
  .filter(
    (name) => name.endsWith('.astro') && name !== 'unavailable.astro' && !name.startsWith(`api${path.sep}`),
  )
  .map((name) => (name === 'index.astro' ? '/' : `/${name.replace(/\.astro$/, '')}`));

/** Issue #39: each route is declared once, in its own file, and the table holds exactly those. */
describe('the route table', () => {
  const table = routeTable();

  it('has a declaration for every route file, and no declaration without its file', () => {
    expect(table.undeclared, 'export const route = apiRoute({...}), or pageRoute({...}) in a page').toEqual(
      [],
    );
    expect(table.misplaced, 'a declaration names its own file’s path').toEqual([]);
    expect([...table.endpoints.keys()].sort()).toEqual(endpointFiles.map((file) => file.path).sort());
    expect([...table.pages.keys()].sort()).toEqual([...pageFiles].sort());
  });

  it('declares the methods each endpoint exports', () => {
    for (const file of endpointFiles) {
      expect([...table.endpoints.get(file.path)!.methods].sort(), file.path).toEqual(
        [...file.methods].sort(),
      );
    }
  });

  it('names only permissions that exist', () => {
    const known = new Set<string>([...PERMISSIONS, 'signed-in', 'public', 'own-auth']);
    const named = [...table.endpoints.values(), ...table.pages.values()].flatMap((route) => {
      const access = route.access;
      if (typeof access === 'string') return [access];
      if (Array.isArray(access)) return access as string[];
      if ('query' in access) return [...Object.values(access.is), access.otherwise].flat() as string[];
      return [];
    });
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });

  it('reads a page declaration as its literal says', () => {
    const source = `---\npageRoute({\n  path: '/x',\n  access: { query: 'tab', is: { a: 'users.view' }, otherwise: ['users.view', 'games.view'], },\n});\n---`;
    expect(readPageDeclaration(source)).toEqual({
      path: '/x',
      access: { query: 'tab', is: { a: 'users.view' }, otherwise: ['users.view', 'games.view'] },
    });
    expect(readPageDeclaration('---\nconst x = 1;\n---')).toBeUndefined();
  });

  it("gives the islands' client the types of every endpoint (src/lib/api-routes.ts is current)", () => {
    expect(fs.readFileSync(API_ROUTES_FILE, 'utf8'), 'run node scripts/api-routes.mjs').toBe(
      apiRoutesSource(),
    );
  });
});
