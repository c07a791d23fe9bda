import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md §8: no code of ours edits, replaces or wraps a dependency's internals. This reads every
 * source file under src/ and scripts/ and astro.config.mjs with the TypeScript compiler (types
 * included, so `client.query = …` is caught whatever the variable is called) and names each:
 * - Vite plugin hook that can rewrite a module (`resolveId`, `load`, `transform`), and any
 *   `alias` whose key is an installed package;
 * - integration hook replaced (an assignment into `.hooks`) or renderer swapped in
 *   (`serverEntrypoint`, `addRenderer`);
 * - assignment to a method of an object whose type a dependency declares (its own or @types/…;
 *   the DOM's and JavaScript's own, such as `img.onload = …`, are the platform's), also through
 *   `Object.assign`, `Object.defineProperty` or `Object.setPrototypeOf`;
 * - V8 flags set at run time (`v8.setFlagsFromString`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|astro)$/;
const MODULE_HOOKS = new Set(['resolveId', 'load', 'transform']);
const PATCHERS = new Set(['assign', 'defineProperty', 'defineProperties', 'setPrototypeOf']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** An .astro file's frontmatter and scripts as TypeScript, at their own lines (the rest blanked). */
function astroAsTs(text: string): string {
  const keep = /^---\n[\s\S]*?\n---|<script\b[^>]*>[\s\S]*?<\/script>/g;
  let out = text.replace(/[^\n]/g, ' ');
  for (const match of text.matchAll(keep)) {
    const code = match[0].replace(/^---|---$|^<script\b[^>]*>|<\/script>$/g, (tag) => ' '.repeat(tag.length));
    out = out.slice(0, match.index) + code + out.slice(match.index + code.length);
  }
  return out;
}

const isPackage = (name: string) =>
  !/^[./]/.test(name) && fs.existsSync(path.join(root, 'node_modules', ...name.split('/').slice(0, 2)));

/**
 * A method a dependency declares (node_modules, @types included), not TypeScript's own DOM and ES
 * libraries. A data slot that happens to hold a function (React's `ref.current`) is not a method.
 */
function dependencyMethod(symbol: ts.Symbol | undefined): boolean {
  return (symbol?.declarations ?? []).some((declaration) => {
    const file = declaration.getSourceFile().fileName;
    const method = ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration);
    return method && file.includes('/node_modules/') && !file.includes('/node_modules/typescript/lib/');
  });
}

function propertyName(node: ts.ObjectLiteralElementLike): string | undefined {
  const name = node.name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

function findEdits(files: Record<string, string>): string[] {
  const host = ts.createCompilerHost({});
  const virtual = (file: string) => files[file];
  const program = ts.createProgram({
    rootNames: Object.keys(files),
    options: {
      allowJs: true,
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: ['node'],
      noEmit: true,
      skipLibCheck: true,
    },
    host: {
      ...host,
      fileExists: (file) => virtual(file) !== undefined || host.fileExists(file),
      readFile: (file) => virtual(file) ?? host.readFile(file),
      getSourceFile: (file, language) => {
        const text = virtual(file);
        if (text === undefined) return host.getSourceFile(file, language);
        const kind = /\.(tsx|jsx|astro)$/.test(file)
          ? ts.ScriptKind.TSX
          : /\.[cm]?js$/.test(file)
            ? ts.ScriptKind.JS
            : ts.ScriptKind.TS;
        return ts.createSourceFile(file, text, language, true, kind);
      },
    },
  });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of Object.keys(files)) {
    const source = program.getSourceFile(file)!;
    const report = (node: ts.Node, what: string) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${path.relative(root, file)}:${line}: ${what}`);
    };
    const patchedMethod = (target: ts.Expression) => {
      let symbol: ts.Symbol | undefined;
      if (ts.isPropertyAccessExpression(target)) symbol = checker.getSymbolAtLocation(target.name);
      else if (ts.isElementAccessExpression(target) && ts.isStringLiteralLike(target.argumentExpression)) {
        symbol = checker.getTypeAtLocation(target.expression).getProperty(target.argumentExpression.text);
      }
      return dependencyMethod(symbol);
    };
    /** `Object.assign(client, { query })`, `Object.defineProperty(client, 'query', …)`. */
    const patchesMethods = (object: ts.Expression, second: ts.Expression | undefined) => {
      const type = checker.getTypeAtLocation(object);
      const names =
        second && ts.isObjectLiteralExpression(second)
          ? second.properties.map(propertyName)
          : second && ts.isStringLiteralLike(second)
            ? [second.text]
            : type.getProperties().map((property) => property.name);
      return names.some((name) => name !== undefined && dependencyMethod(type.getProperty(name)));
    };
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map(propertyName);
        if (names.includes('name')) {
          for (const hook of names.filter((name) => name && MODULE_HOOKS.has(name))) {
            report(node, `Vite plugin hook \`${hook}\` (it can rewrite a dependency's module)`);
          }
        }
        for (const property of node.properties) {
          if (propertyName(property) === 'serverEntrypoint')
            report(property, 'a renderer or adapter of our own');
          if (propertyName(property) === 'alias' && ts.isPropertyAssignment(property)) {
            const keys = ts.isObjectLiteralExpression(property.initializer)
              ? property.initializer.properties.map(propertyName)
              : [];
            for (const key of keys)
              if (key && isPackage(key)) report(property, `alias over the package ${key}`);
          }
        }
      }
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
      ) {
        const target = node.left;
        if (/\.hooks\b/.test(target.getText(source)) && !ts.isIdentifier(target))
          report(node, 'an integration hook replaced');
        else if (patchedMethod(target))
          report(node, `a dependency's method replaced: ${target.getText(source)}`);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const { expression: object, name } = node.expression;
        const first = node.arguments[0];
        if (
          ts.isIdentifier(object) &&
          ['Object', 'Reflect'].includes(object.text) &&
          PATCHERS.has(name.text) &&
          first
        ) {
          if (patchesMethods(first, node.arguments[1]))
            report(node, `${object.text}.${name.text} on a dependency's object`);
        }
        if (name.text === 'setFlagsFromString') report(node, 'V8 flags set at run time');
        if (name.text === 'addRenderer') report(node, 'a renderer of our own');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function projectFiles(): Record<string, string> {
  const paths = [
    ...sourceFiles(path.join(root, 'src')),
    ...sourceFiles(path.join(root, 'scripts')),
    path.join(root, 'astro.config.mjs'),
  ];
  return Object.fromEntries(
    paths.map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [
        file.endsWith('.astro') ? `${file}.tsx` : file,
        file.endsWith('.astro') ? astroAsTs(text) : text,
      ];
    }),
  );
}

describe('no code of ours edits, replaces or wraps a dependency', () => {
  it('finds nothing in src/, scripts/ or astro.config.mjs', () => {
    expect(findEdits(projectFiles())).toEqual([]);
    // The whole project with its types: seconds on a quiet machine, more on a busy one.
  }, 180_000);

  it('would name each kind of edit (what issue #25 removed, in small)', () => {
    const fixture = (name: string) => path.join(root, 'src', `__fixture__${name}`);
    const found = findEdits({
      [fixture('1.ts')]: `import { PGlite } from '@electric-sql/pglite';
        export async function open(dir: string) {
          const client = await PGlite.create({ dataDir: dir });
          const query = client.query.bind(client);
          client.query = ((text: string) => query(text)) as typeof client.query;
          Object.assign(client, { exec: async () => [] });
          client.debug = 1; // data, not a method: allowed
          return client;
        }`,
      [fixture('2.mjs')]: `import react from '@astrojs/react';
        import v8 from 'node:v8';
        const integration = react();
        integration.hooks['astro:config:setup'] = () => {};
        v8.setFlagsFromString('--no-allocation-site-pretenuring');
        export const plugin = { name: 'x', resolveId: () => null, transform(code) { return code; } };
        export const vite = { resolve: { alias: { react: './src/my-react.js' } } };
        export const renderer = { name: '@astrojs/react', serverEntrypoint: './mine.ts' };
        const img = new Image(); img.onload = () => {}; // the platform's own: allowed`,
    });
    expect(found.map((line) => line.replace(/^src\/__fixture__/, ''))).toEqual([
      "1.ts:5: a dependency's method replaced: client.query",
      "1.ts:6: Object.assign on a dependency's object",
      '2.mjs:4: an integration hook replaced',
      '2.mjs:5: V8 flags set at run time',
      "2.mjs:6: Vite plugin hook `resolveId` (it can rewrite a dependency's module)",
      "2.mjs:6: Vite plugin hook `transform` (it can rewrite a dependency's module)",
      '2.mjs:7: alias over the package react',
      '2.mjs:8: a renderer or adapter of our own',
    ]);
  }, 60_000);
});
