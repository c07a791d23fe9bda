import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEdits } from './astro-runtime-speedups.mjs';

/**
 * The edited serializer must write exactly what Astro's own `escapeHTML(serializeProps(props))`
 * writes, for every kind of value Astro serializes, whether parts are frozen (reused) or not.
 */
type Serialize = (props: object, metadata?: object) => string;
let astroProps: Serialize;
let editedProps: Serialize;

beforeAll(async () => {
  const serverDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('astro/package.json')),
    'dist/runtime/server',
  );
  const file = path.join(serverDir, 'serialize.js');
  const escapeFile = path.join(serverDir, 'escape.js');
  const edited = applyEdits(file.replaceAll('\\', '/'), fs.readFileSync(file, 'utf8')).replaceAll(
    '"./escape.js"',
    JSON.stringify(escapeFile),
  );
  // Inside the project, where Vite loads modules from; node_modules/.cache is for such files.
  const dir = path.join(import.meta.dirname, '../../node_modules/.cache/astro-runtime-speedups');
  fs.mkdirSync(dir, { recursive: true });
  const copy = path.join(dir, 'serialize.mjs');
  fs.writeFileSync(copy, edited);
  const module = (await import(/* @vite-ignore */ copy)) as {
    serializeProps: Serialize;
    serializePropsEscaped: Serialize;
  };
  const { escapeHTML } = (await import(/* @vite-ignore */ escapeFile)) as {
    escapeHTML: (text: string) => string;
  };
  astroProps = (props) => escapeHTML(module.serializeProps(props, {}));
  editedProps = (props) => module.serializePropsEscaped(props, {});
});

const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
};

function everyKind() {
  return {
    text: `quotes " and ' and <b>&amp;</b>`,
    numbers: [0, -1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
    flags: [true, false, null, undefined],
    when: new Date(Date.UTC(2026, 10, 24)),
    pattern: /a+b/g,
    map: new Map<unknown, unknown>([['k', { v: 1 }]]),
    set: new Set([1, 'two']),
    big: BigInt(12),
    url: new URL('https://example.test/a?b=c&d'),
    bytes: new Uint8Array([1, 2]),
    call: () => 1,
    nested: { '10': 'integer-like key', '2': 'first', 'a"b': [{ deep: ['x', { y: undefined }] }] },
    rows: [
      { id: 1, name: 'Ana & Bob' },
      { id: 2, name: '中文' },
    ],
  };
}

describe('escaped props assembled from reused parts', () => {
  it('writes what Astro writes, for mutable and deeply frozen values alike', () => {
    expect(editedProps(everyKind())).toBe(astroProps(everyKind()));
    const frozen = deepFreeze(everyKind());
    expect(editedProps({ a: frozen, again: frozen })).toBe(astroProps({ a: frozen, again: frozen }));
    // Reused the second time, still the same text.
    expect(editedProps({ a: frozen })).toBe(astroProps({ a: frozen }));
  });

  it('follows a change to anything that is not deeply frozen', () => {
    const labels = Object.freeze({ title: 'Users' });
    const rows = Object.freeze([{ name: 'Ana' }]); // frozen array, mutable row
    const first = editedProps({ labels, rows });
    rows[0]!.name = 'Bob';
    const second = editedProps({ labels, rows });
    expect(second).not.toBe(first);
    expect(second).toBe(astroProps({ labels, rows }));
    const at = Object.freeze({ when: new Date(0) });
    editedProps({ at });
    at.when.setTime(1);
    expect(editedProps({ at })).toBe(astroProps({ at }));
  });

  it('still refuses a cycle', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(() => editedProps({ loop })).toThrow(/Cyclic reference/);
  });
});
