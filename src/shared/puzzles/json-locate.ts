/**
 * A strict JSON reader (RFC 8259, as JSON.parse) that also remembers where each value starts, so an
 * error found later by the schema at `grid[2][3]` can be shown at its line. Hand-written rather than
 * a dependency: it is small, reads exactly what JSON.parse accepts, and its syntax-error position
 * does not depend on the JavaScript engine's wording (JSON.parse's messages differ by browser).
 */
export type JsonPath = readonly (string | number)[];

export interface Position {
  line: number;
  column: number;
}

export type Located =
  { ok: true; value: unknown; lineOf: (path: JsonPath) => number } | { ok: false; at: Position };

class Syntax extends Error {
  constructor(readonly offset: number) {
    super('JSON syntax');
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// Control characters (U+0000–U+001F) must be escaped inside a JSON string.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const SPACE = /[ \t\n\r]*/y;
const MAX_DEPTH = 64;

export function positionOf(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

export function locateJson(text: string): Located {
  const starts = new Map<string, number>();
  let at = 0;
  const space = () => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    at = SPACE.lastIndex;
  };
  const token = (pattern: RegExp) => {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new Syntax(at);
    at = pattern.lastIndex;
    return match[0];
  };
  const expect = (char: string) => {
    space();
    if (text[at] !== char) throw new Syntax(at);
    at += 1;
  };

  function value(path: (string | number)[]): unknown {
    space();
    // Bounded, so a text of 100,000 `[` is a syntax error rather than a stack overflow.
    if (path.length > MAX_DEPTH) throw new Syntax(at);
    starts.set(JSON.stringify(path), at);
    const char = text[at];
    if (char === '{') return object(path);
    if (char === '[') return array(path);
    if (char === '"') return JSON.parse(token(STRING)) as string;
    for (const [word, literal] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return literal;
      }
    }
    return Number(token(NUMBER));
  }

  function object(path: (string | number)[]): Record<string, unknown> {
    at += 1;
    const result: Record<string, unknown> = {};
    space();
    if (text[at] === '}') return ((at += 1), result);
    for (;;) {
      space();
      const key = JSON.parse(token(STRING)) as string;
      expect(':');
      // defineProperty: a key named __proto__ is data, as with JSON.parse.
      Object.defineProperty(result, key, {
        value: value([...path, key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      space();
      if (text[at] === '}') return ((at += 1), result);
      expect(',');
    }
  }

  function array(path: (string | number)[]): unknown[] {
    at += 1;
    const result: unknown[] = [];
    space();
    if (text[at] === ']') return ((at += 1), result);
    for (;;) {
      result.push(value([...path, result.length]));
      space();
      if (text[at] === ']') return ((at += 1), result);
      expect(',');
    }
  }

  try {
    const parsed = value([]);
    space();
    if (at < text.length) throw new Syntax(at);
    const lineOf = (path: JsonPath) => {
      // A missing key is shown at the nearest value that exists (the object that lacks it).
      for (let depth = path.length; depth >= 0; depth -= 1) {
        const start = starts.get(JSON.stringify(path.slice(0, depth)));
        if (start !== undefined) return positionOf(text, start).line;
      }
      return 1;
    };
    return { ok: true, value: parsed, lineOf };
  } catch (error) {
    if (error instanceof Syntax)
      return { ok: false, at: positionOf(text, Math.min(error.offset, text.length)) };
    throw error;
  }
}

/** `grid[2][3]`, `entries[0].answer`: the path as a person would write it in JavaScript. */
export function formatPath(path: JsonPath): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index ? `.${part}` : part))
    .join('');
}
