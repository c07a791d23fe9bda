import fs from 'node:fs';
import path from 'node:path';

const PAGES = path.resolve('src/pages');

export interface RouteFile {
  /** `/api/admin/getusers`, as requested. */
  path: string;
  /** The HTTP methods the file exports. */
  methods: string[];
}

/** The endpoints under `dir` (relative to src/pages), read from the files themselves. */
export function apiRouteFiles(dir = 'api/admin'): RouteFile[] {
  const walk = (folder: string): RouteFile[] =>
    fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) return walk(file);
      if (!/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) return [];
      const source = fs.readFileSync(file, 'utf8');
      const methods = [
        ...source.matchAll(/export (?:const|async function) (GET|POST|PUT|PATCH|DELETE)\b/g),
      ].map((match) => match[1]!);
      const route =
        '/' +
        path
          .relative(PAGES, file)
          .replace(/\.ts$/, '')
          .replace(/\/index$/, '');
      return [{ path: route, methods }];
    });
  return walk(path.join(PAGES, dir));
}
