import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No module imports itself through others (issue #39): a cycle makes the order modules run in
 * depend on who imported first, and says two files are one. Type-only imports count too, and so
 * do `.astro` files: the tools made for cycles read TypeScript but not Astro's frontmatter, so
 * this reads the import specifiers with the TypeScript compiler's own scanner and walks the graph.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'tests', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs|astro)$/;
/** How an extensionless specifier names a file, in the order Vite and TypeScript try them. */
const ENDINGS = ['', '.ts', '.tsx', '.mts', '.mjs', '.astro', '/index.ts', '/index.tsx'];

type Graph = Map<string, string[]>;

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(rel));
    else if (SOURCE.test(entry.name)) found.push(rel);
  }
  return found;
}

/** The code of a file that may import: an `.astro` file's frontmatter and its `<script>`s. */
function codeOf(file: string, text: string): string {
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return [frontmatter, ...scripts].join('\n');
}

/** Every relative specifier: imports, `import type`, re-exports, `import()` in code and in types. */
function specifiersOf(code: string): string[] {
  return ts
    .preProcessFile(code, true, true)
    .importedFiles.map((ref) => ref.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'));
}

/** The file a specifier names (`/`-separated, from the root), or null when it names none of `files`. */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  const base = path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, ''));
  for (const ending of ENDINGS) if (files.has(base + ending)) return base + ending;
  const asTs = base.replace(/\.js$/, '.ts');
  return files.has(asTs) ? asTs : null;
}

function importGraph(files: string[], read: (file: string) => string): Graph {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      specifiersOf(codeOf(file, read(file)))
        .map((specifier) => resolve(file, specifier, known))
        .filter((target): target is string => target !== null),
    ]),
  );
}

/** The groups of files that reach one another (Tarjan's strongly connected components). */
function tangles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups;
}

/** The shortest way from a tangle's first file back to itself: one cycle to show per tangle. */
function loopThrough(graph: Graph, group: string[]): string[] {
  const inGroup = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!inGroup.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at: string | undefined = file; at !== start && at; at = cameFrom.get(at))
          loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return group;
}

/**
 * Each cycle as `a → b → a`, one per group of files tangled together; when the group holds more
 * files than that cycle, all of them follow, since each must be untied.
 */
function importCycles(graph: Graph): string[] {
  return tangles(graph).map((group) => {
    const loop = loopThrough(graph, group);
    const text = loop.join(' → ');
    return group.length > loop.length - 1 ? `${text} (tangled: ${group.join(', ')})` : text;
  });
}

describe('import cycles', () => {
  it('the repository has none', () => {
    const files = FOLDERS.flatMap((folder) => filesUnder(folder));
    const graph = importGraph(files, (file) => fs.readFileSync(path.join(root, file), 'utf8'));
    expect(graph.size).toBeGreaterThan(500);
    const cycles = importCycles(graph);
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('finds a cycle through a type-only import and an .astro frontmatter', () => {
    const made: Record<string, string> = {
      'src/a/Panel.astro': "---\nimport { words } from './words';\n---\n<p>{words.title}</p>",
      'src/a/words.ts': "import type { Row } from './row';\nexport const words = { title: 'x' };",
      'src/a/row.ts': "export type Row = typeof import('./Panel.astro');",
      'src/a/leaf.ts': "import { words } from './words';",
      'src/b/one.ts': "export { two } from '../b/two.js';",
      'src/b/two.ts': "import './one';",
      'src/c/self.ts': "import './self';",
    };
    const graph = importGraph(Object.keys(made), (file) => made[file]!);
    expect(importCycles(graph)).toEqual([
      'src/a/Panel.astro → src/a/words.ts → src/a/row.ts → src/a/Panel.astro',
      'src/b/one.ts → src/b/two.ts → src/b/one.ts',
      'src/c/self.ts → src/c/self.ts',
    ]);
  });

  it('names every file of a tangle when its shortest cycle shows only some', () => {
    const graph: Graph = new Map([
      ['a', ['b', 'c']],
      ['b', ['a']],
      ['c', ['b']],
    ]);
    expect(importCycles(graph)).toEqual(['a → b → a (tangled: a, b, c)']);
  });

  it('reads no import from an .astro template, only from its frontmatter and scripts', () => {
    const astro =
      "---\nimport A from './A.astro';\n---\n<p>import x from './nope'</p>\n<script>import './client';</script>";
    expect(specifiersOf(codeOf('Page.astro', astro))).toEqual(['./A.astro', './client']);
  });
});
