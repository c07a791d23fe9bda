import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ stay true to the code (issue #26): every endpoint file under src/pages/api
 * is in docs/api.md, every environment variable src/server/config.ts reads is in the README's
 * configuration table, every path the README's layout names exists, the README stays a guide
 * (under 400 lines), and no relative link in the README or docs/ points at nothing.
 *
 * Each check is a function that returns what it found wrong; the tests run it on the repository
 * (nothing may be wrong) and on a small made-up input (it must find the fault), so a check that
 * stopped looking would fail too.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const README = 'README.md';
const API_DOC = 'docs/api.md';
const README_MAX_LINES = 400;
/** Made by a build or a start, absent from a fresh clone: the layout may name them. */
const GENERATED = ['dist/', 'data/', 'node_modules/'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every file under `dir` (relative to `base`, `/`-separated), and every folder with a trailing `/`. */
function tree(base: string, dir = ''): string[] {
  const entries: string[] = [];
  for (const entry of fs.readdirSync(path.join(base, dir), { withFileTypes: true })) {
    if (['node_modules', '.git', 'dist', 'data', '.astro'].includes(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) entries.push(`${rel}/`, ...tree(base, rel));
    else entries.push(rel);
  }
  return entries;
}

/** The lines of one `## ` section of a markdown text, without its heading; null when absent. */
function section(markdown: string, heading: string): string | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) return null;
  const end = lines.findIndex((line, index) => index > start && /^## /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Markdown without fenced code blocks (their text is not prose: no links, no layout). */
const withoutCodeBlocks = (markdown: string) =>
  markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

// ---------------------------------------------------------------------------------------------
// Endpoints

interface Endpoint {
  file: string;
  route: string;
  methods: string[];
}

/** The URL of an endpoint file: `src/pages/api/app/notifications/index.ts` → `/api/app/notifications`. */
function routeOf(fileUnderPages: string): string {
  const segments = fileUnderPages.replace(/\.(ts|js|mjs)$/, '').split('/');
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

function endpoints(): Endpoint[] {
  const pages = path.join(root, 'src/pages');
  return tree(pages, 'api')
    .filter((file) => /\.(ts|js|mjs)$/.test(file) && !/\.(test|d)\.ts$/.test(file))
    .map((file) => ({
      file: `src/pages/${file}`,
      route: routeOf(file),
      methods: [
        ...fs
          .readFileSync(path.join(pages, file), 'utf8')
          .matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g),
      ].map((match) => match[1]!),
    }));
}

/**
 * Where a route is written in prose: the whole path, not part of a longer one. A `[param]`
 * segment may be written `[param]`, `:param`, `{param}` or `<param>` (`[...rest]` likewise).
 */
function routePattern(route: string): RegExp {
  const segments = route.split('/').map((segment) => {
    const param = /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment)?.[1];
    if (!param) return escapeRegExp(segment);
    return `(?:${escapeRegExp(segment)}|:${param}|\\{${param}\\}|<${param}>)`;
  });
  return new RegExp(`(?<![\\w/.-])${segments.join('/')}(?![\\w/-])`);
}

/** Endpoints the API reference does not name, or names without one of the methods it answers. */
function undocumentedEndpoints(doc: string, list: Endpoint[]): string[] {
  const lines = doc.split('\n');
  const problems: string[] = [];
  for (const { file, route, methods } of list) {
    const pattern = routePattern(route);
    const mentions = lines.filter((line) => pattern.test(line));
    if (mentions.length === 0) {
      problems.push(`${route} (${file}) is not in ${API_DOC}`);
      continue;
    }
    for (const method of methods) {
      if (!mentions.some((line) => new RegExp(`\\b${method}\\b`).test(line))) {
        problems.push(`${method} ${route} (${file}): no line of ${API_DOC} names the path with ${method}`);
      }
    }
  }
  return problems;
}

/** `/api/…` paths written in the docs that no endpoint file answers (a renamed or removed route). */
function unknownRoutes(markdown: string, list: Endpoint[]): string[] {
  const found = [...markdown.matchAll(/(?<![\w/.-])\/api\/[\w/[\].-]*/g)].map((match) => match[0]);
  return [
    ...new Set(
      found.filter(
        // A trailing `/` is an area (`/api/admin/…`, `/api/app/*`), not a route.
        (mention) => !mention.endsWith('/') && !list.some(({ route }) => routePattern(route).test(mention)),
      ),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Configuration

/**
 * The environment variables a config module reads: the keys of the `z.object({...})` it parses
 * the environment with, and whatever it reads as `env.NAME`, `process.env.NAME` or `env['NAME']`.
 */
function environmentVariables(source: string): string[] {
  const file = ts.createSourceFile('config.ts', source, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const isName = (text: string) => /^[A-Z][A-Z0-9_]*$/.test(text);
  const isEnv = (node: ts.Expression) => /(^|\.)env$/.test(node.getText(file));
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'object' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const property of node.arguments[0].properties) {
        const name = property.name;
        if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) && isName(name.text))
          names.add(name.text);
      }
    }
    if (ts.isPropertyAccessExpression(node) && isName(node.name.text) && isEnv(node.expression)) {
      names.add(node.name.text);
    }
    if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteral(node.argumentExpression) &&
      isName(node.argumentExpression.text) &&
      isEnv(node.expression)
    ) {
      names.add(node.argumentExpression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...names].sort();
}

/** The variables named (in backticks) in the first column of the README's configuration table. */
function configurationTable(readme: string): string[] {
  const rows = (section(readme, 'Configuration') ?? '')
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line));
  const firstCells = rows.map((row) => row.split('|')[1] ?? '');
  return [
    ...new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!))),
  ];
}

// ---------------------------------------------------------------------------------------------
// Layout

/**
 * The paths in backticks in the README's layout section: anything with a `/` or a file
 * extension, written from the repository root. `<name>` stands for one path segment, `*` for
 * any characters within one and `**` (then a slash) for any folders; URLs (`/users`) and abbreviations (`…`) are not paths.
 */
function layoutPaths(readme: string): string[] {
  const text = section(readme, 'Layout');
  if (text === null) return [];
  return [...withoutCodeBlocks(text).matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((span) => !/^[/$@-]/.test(span) && !span.includes('…'))
    .filter((span) => span.includes('/') || /\.[a-z]{2,5}$/i.test(span));
}

// `**` then a slash: any folders, or none; `*`: any characters within one name.
const WILDCARDS: Record<string, string> = { '**/': '(?:.*/)?', '*': '[^/]*' };

/** The layout's paths that match nothing in `files` (the output of `tree`). */
function missingPaths(paths: string[], files: string[]): string[] {
  const present = new Set(files);
  return paths.filter((written) => {
    if (GENERATED.some((prefix) => written.startsWith(prefix))) return false;
    if (!/[*<]/.test(written)) return !present.has(written) && !present.has(`${written}/`);
    const pattern = new RegExp(
      `^${written
        .split(/(<[^>]*>|\*\*\/|\*)/)
        .map((part) => WILDCARDS[part] ?? (part.startsWith('<') ? '[^/]+' : escapeRegExp(part)))
        .join('')}$`,
    );
    // A pattern without a folder (`<row>-input.ts`) names a file in any folder: match its last part.
    const named = (file: string) => (written.includes('/') ? file : (file.split('/').at(-1) ?? file));
    return !files.some((file) => pattern.test(named(file)));
  });
}

// ---------------------------------------------------------------------------------------------
// Links

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/**
 * Relative links of the markdown file `file` (relative to `base`) whose target file does not
 * exist, or whose `#anchor` names no heading of the markdown file it points at.
 */
function brokenLinks(file: string, markdown: string, base = root): string[] {
  const text = withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((match) => match[1]!),
  ];
  const problems: string[] = [];
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:…
    const [pathPart = '', anchor] = target.split('#');
    const resolved = pathPart
      ? path.resolve(base, path.dirname(file), decodeURI(pathPart))
      : path.join(base, file);
    if (!fs.existsSync(resolved)) {
      problems.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${file}: ${target} (no such heading)`);
    }
  }
  return problems;
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const markdownFiles = () => [
  README,
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

// ---------------------------------------------------------------------------------------------

describe('docs/api.md names every endpoint under src/pages/api', () => {
  const list = endpoints();

  it('finds the endpoint files and derives their URLs', () => {
    expect(list.length).toBeGreaterThan(50);
    expect(list.map(({ route }) => route)).toContain('/api/admin/getusers');
    expect(list.map(({ route }) => route)).toContain('/api/app/notifications');
    expect(list.find(({ route }) => route === '/api/admin/changestatus')?.methods.sort()).toEqual([
      'GET',
      'POST',
    ]);
  });

  it('has each path with each of its methods', () => {
    expect(undocumentedEndpoints(read(API_DOC), list)).toEqual([]);
  });

  it('names no /api path that no endpoint answers, here or in the README', () => {
    expect(
      markdownFiles().flatMap((file) => unknownRoutes(read(file), list).map((r) => `${file}: ${r}`)),
    ).toEqual([]);
  });

  it('derives routes from index files and [param] segments, and catches a missing one', () => {
    expect(routeOf('api/app/notifications/index.ts')).toBe('/api/app/notifications');
    expect(routeOf('api/admin/things/[id].ts')).toBe('/api/admin/things/[id]');
    const made: Endpoint[] = [
      { file: 'a.ts', route: '/api/admin/things/[id]', methods: ['GET'] },
      { file: 'b.ts', route: '/api/admin/getuser', methods: ['GET'] },
      { file: 'c.ts', route: '/api/app/notifications', methods: ['GET', 'POST'] },
    ];
    const doc = [
      '| GET | `/api/admin/things/:id` |',
      '| GET | `/api/admin/getusers` |',
      '| GET | `/api/app/notifications/read` |',
      '| GET | `/api/app/notifications?user_id=1` |',
    ].join('\n');
    expect(undocumentedEndpoints(doc, made)).toEqual([
      '/api/admin/getuser (b.ts) is not in docs/api.md',
      'POST /api/app/notifications (c.ts): no line of docs/api.md names the path with POST',
    ]);
    expect(unknownRoutes('`/api/admin/getusers`, `/api/app/*`, `/api/admin/things/7`', made)).toEqual([
      '/api/admin/getusers',
      '/api/admin/things/7',
    ]);
  });
});

describe("the README's configuration table", () => {
  const variables = environmentVariables(read('src/server/config.ts'));
  const table = configurationTable(read(README));

  it('finds the variables config.ts reads', () => {
    expect(variables).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'PASSWORD_HASH_COST', 'NODE_ENV']),
    );
  });

  it('has every variable config.ts reads, and no other', () => {
    expect(variables.filter((name) => !table.includes(name))).toEqual([]);
    expect(table.filter((name) => !variables.includes(name))).toEqual([]);
  });

  it('catches a variable missing from a table', () => {
    const source = `const C = z.object({ PORT: z.string(), 'HOST': z.string() });
      if (env.NODE_ENV === 'x' || process.env.DEBUG || env['TZ']) {}`;
    expect(environmentVariables(source)).toEqual(['DEBUG', 'HOST', 'NODE_ENV', 'PORT', 'TZ']);
    const readme =
      '## Configuration\n\n| variable | default |\n| --- | --- |\n| `PORT`, `HOST` | `4321` |\n\n## Next\n| `TZ` |';
    expect(configurationTable(readme)).toEqual(['PORT', 'HOST']);
  });
});

describe("the README's layout section", () => {
  const paths = layoutPaths(read(README));

  it('names the tree', () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toEqual(expect.arrayContaining(['src/middleware.ts', 'src/server/']));
  });

  it('names only paths that exist', () => {
    expect(missingPaths(paths, tree(root))).toEqual([]);
  });

  it('catches a path that does not exist', () => {
    const readme =
      '## Layout\n\n- `src/server/` and `src/features/<area>/`, `src/components/List*.tsx`, `dist/main.mjs`, `src/**/*.test.tsx`\n' +
      '- `src/features/nothing/`, `src/components/Grid*.tsx`, `nothing.config.ts`, `/users`, `npm test`, `games.*`\n\n## Next\n`src/gone/`';
    const written = layoutPaths(readme);
    expect(written).toEqual([
      'src/server/',
      'src/features/<area>/',
      'src/components/List*.tsx',
      'dist/main.mjs',
      'src/**/*.test.tsx',
      'src/features/nothing/',
      'src/components/Grid*.tsx',
      'nothing.config.ts',
    ]);
    expect(missingPaths(written, tree(root))).toEqual([
      'src/features/nothing/',
      'src/components/Grid*.tsx',
      'nothing.config.ts',
    ]);
  });
});

describe('the README is a guide', () => {
  it(`has fewer than ${README_MAX_LINES} lines`, () => {
    expect(lineCount(read(README))).toBeLessThan(README_MAX_LINES);
  });
});

describe('relative links in the README and docs/', () => {
  it('point at files and headings that exist', () => {
    expect(markdownFiles().flatMap((file) => brokenLinks(file, read(file)))).toEqual([]);
  });

  it('catches a link to a missing file or heading', () => {
    const markdown = [
      '# Title',
      '## Two words, `code` (and more)',
      '[ok](docs/api.md) [ok](#two-words-code-and-more) [ok](https://example.com/x) [ok](docs/api.md#sign-in-and-recovery-apiadmin)',
      '[gone](docs/nothing.md) [gone](#nowhere) [gone](docs/api.md#nowhere)',
      '`[code](not-a-link.md)`',
      '[ref]: ./docs/missing.md',
    ].join('\n');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-test-')), 'README.md');
    fs.mkdirSync(path.join(path.dirname(file), 'docs'));
    fs.copyFileSync(path.join(root, API_DOC), path.join(path.dirname(file), API_DOC));
    fs.writeFileSync(file, markdown);
    try {
      expect(brokenLinks('README.md', markdown, path.dirname(file))).toEqual([
        'README.md: docs/nothing.md (no such file)',
        'README.md: #nowhere (no such heading)',
        'README.md: docs/api.md#nowhere (no such heading)',
        'README.md: ./docs/missing.md (no such file)',
      ]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
