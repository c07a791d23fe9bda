import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../http/route-table';

/**
 * Issue #39: docs/api.md's reference tables cannot drift from the route table. Every
 * `| METHOD | \`/api/…\` |` row names a declared route with that method, and every declared
 * route and method has a row.
 */
describe('docs/api.md', () => {
  const rows = [
    ...fs.readFileSync('docs/api.md', 'utf8').matchAll(/^\|\s*([A-Z, ]+?)\s*\|\s*`(\/api\/[^`\s?]+)`/gm),
  ].flatMap(([, methods, path]) => methods!.split(/,\s*/).map((method) => `${method} ${path}`));
  // A file's `[external_id]` is written `{external_id}` in the docs, as OpenAPI writes a parameter.
  const routes = [...routeTable().endpoints.values()].flatMap((route) =>
    route.methods.map((method) => `${method} ${route.path.replace(/\[(\w+)\]/g, '{$1}')}`),
  );

  it('documents only declared routes, with their methods', () => {
    expect([...new Set(rows)].filter((row) => !routes.includes(row)).sort()).toEqual([]);
  });

  it('documents every declared route and method', () => {
    expect(routes.filter((route) => !rows.includes(route)).sort()).toEqual([]);
  });
});
