import { hasControlCharacter } from '../../lib/control-characters';

/**
 * How deep a JSON body may nest below one of its fields: as deep as puzzle content typed as text
 * may (shared/puzzles/json-locate.ts). Every reader after JSON.parse (zod, JSON.stringify, the
 * database driver) recurses, so a deeper body would end in a stack overflow, not an answer.
 */
export const JSON_DEPTH_MAX = 64;

export type JsonProblem = { kind: 'depth' | 'control'; path: (string | number)[] };

interface Visit {
  value: unknown;
  path: (string | number)[];
}

/**
 * The first value of a parsed JSON body that nests too deep or is text with a control character
 * (an object's key counts as its text), with its path; null when there is none. A loop over an
 * explicit stack, never recursion, so depth itself cannot overflow it. `skip` names top-level
 * arrays whose items are checked later one by one (batch rows: one bad row must not sink the rest);
 * their depth is still checked here.
 */
export function findJsonProblem(body: unknown, skip: readonly string[] = []): JsonProblem | null {
  const stack: Visit[] = [{ value: body, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    const textChecked = !(path.length >= 2 && skip.includes(String(path[0])));
    if (typeof value === 'string') {
      if (textChecked && hasControlCharacter(value)) return { kind: 'control', path };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length > JSON_DEPTH_MAX) return { kind: 'depth', path };
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, item] of entries) {
      if (textChecked && typeof key === 'string' && hasControlCharacter(key))
        return { kind: 'control', path };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/** A batch row's first field holding a control character ('row' for a key of the row itself). */
export function controlCharacterField(row: unknown): string | null {
  const problem = findJsonProblem(row);
  return problem && (problem.path.join('.') || 'row');
}
