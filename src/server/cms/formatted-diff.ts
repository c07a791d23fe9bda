import { boundedDiff, DIFF_TOTAL_MS, nextTurn } from './diff';

/**
 * Two versions of sanitized CMS HTML, each drawn as visitors see it (headings, bold, links, tables)
 * with its changes marked: words only the older version has in `<del>`, words only the newer has
 * in `<ins>`. A word is compared with its formatting (its block, its emphasis, its link's address),
 * so making a word bold, or a paragraph a heading, is a change too; when the words on both sides
 * are the same and only their formatting differs, both marks carry `app-diff-format`.
 */
export interface FormattedDiff {
  before: string;
  after: string;
}

const BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
]);
/** Emphasis by what it looks like: sanitize.ts already made `b` strong and `i` em. */
const INLINE = new Set(['strong', 'em', 'u', 's', 'a']);

/**
 * Words of a text node, its spaces apart: an entity is one word (a mark must never split `&amp;`),
 * a Chinese character is a word of its own (the language has no spaces), punctuation stands alone.
 */
const WORD =
  /(\s+)|(&#?\w+;|\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}_])+|[^\p{L}\p{N}\p{M}_\s])/gu;

type Token = { tag: string } | { space: string } | { word: string; unit: number };

interface Parsed {
  tokens: Token[];
  /** Each word's comparison key: its text and everything that formats it. */
  keys: string[];
  /** Which block (line) each word sits in, counted from 0. */
  lines: number[];
}

function parse(html: string): Parsed {
  const tokens: Token[] = [];
  const keys: string[] = [];
  const lines: number[] = [];
  const blocks: string[] = [];
  const inline: string[] = [];
  let line = 0;
  for (const piece of html.split(/(<[^>]*>)/)) {
    if (!piece) continue;
    const tag = /^<(\/?)([a-z0-9]+)([^>]*)>$/i.exec(piece);
    if (tag) {
      tokens.push({ tag: piece });
      const [, closing, rawName, attributes] = tag;
      const name = rawName!.toLowerCase();
      if (BLOCKS.has(name)) {
        line += 1;
        if (closing) blocks.splice(blocks.lastIndexOf(name), 1);
        else blocks.push(name);
      } else if (INLINE.has(name)) {
        if (closing) inline.splice(inline.lastIndexOf(name), 1);
        else {
          const href = name === 'a' ? /\shref="([^"]*)"/.exec(attributes ?? '')?.[1] : undefined;
          inline.push(href === undefined ? name : `a=${href}`);
        }
      } else if (name === 'br') line += 1;
      continue;
    }
    for (const [, space, word] of piece.matchAll(WORD)) {
      if (space) tokens.push({ space });
      else if (word) {
        tokens.push({ word, unit: keys.length });
        keys.push(`${blocks.join('/')}|${[...inline].sort().join(',')}|${word}`);
        lines.push(line);
      }
    }
  }
  return { tokens, keys, lines };
}

type Mark = 'same' | 'changed' | 'format';

/** The words of each block, keys joined: blocks are compared first, then the words of changed ones. */
function lineKeys(parsed: Parsed): { keys: string[]; starts: number[] } {
  const keys: string[] = [];
  const starts: number[] = [];
  parsed.lines.forEach((line, unit) => {
    if (unit === 0 || parsed.lines[unit - 1] !== line) {
      starts.push(unit);
      keys.push('');
    }
    keys[keys.length - 1] += `${parsed.keys[unit]}\u0000`;
  });
  return { keys, starts };
}

const wordOf = (key: string) => key.slice(key.lastIndexOf('|') + 1);

/** Marks each word of both versions; null when they are too different to compare within bounds. */
async function markUnits(a: Parsed, b: Parsed): Promise<{ before: Mark[]; after: Mark[] } | null> {
  const deadline = Date.now() + DIFF_TOTAL_MS;
  const before: Mark[] = a.keys.map(() => 'same');
  const after: Mark[] = b.keys.map(() => 'same');
  const la = lineKeys(a);
  const lb = lineKeys(b);
  const lines = boundedDiff(la.keys, lb.keys);
  if (!lines) return null;
  // Unit ranges of a run of blocks, on each side.
  const span = (starts: number[], total: number, from: number, count: number): [number, number] => [
    starts[from] ?? total,
    starts[from + count] ?? total,
  ];
  let ia = 0;
  let ib = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const change = lines[index]!;
    const count = change.value.length;
    if (!change.added && !change.removed) {
      ia += count;
      ib += count;
      continue;
    }
    const next = lines[index + 1];
    const [a0, a1]: [number, number] = change.removed ? span(la.starts, a.keys.length, ia, count) : [0, 0];
    const bCount = change.added ? count : next?.added ? next.value.length : 0;
    const [b0, b1]: [number, number] = bCount ? span(lb.starts, b.keys.length, ib, bCount) : [0, 0];
    if (change.removed) ia += count;
    if (change.added || next?.added) ib += bCount;
    if (change.removed && next?.added) index += 1;
    if (a1 - a0 > 0 && b1 - b0 > 0) {
      await nextTurn();
      if (Date.now() > deadline) return null;
      const words = boundedDiff(a.keys.slice(a0, a1), b.keys.slice(b0, b1));
      if (!words) return null;
      markWords(words, before, after, a0, b0);
    } else {
      before.fill('changed', a0, a1);
      after.fill('changed', b0, b1);
    }
  }
  return { before, after };
}

/** Word-level marks of one replaced run; a removed run whose words return re-formatted is `format`. */
function markWords(
  words: NonNullable<ReturnType<typeof boundedDiff>>,
  before: Mark[],
  after: Mark[],
  startA: number,
  startB: number,
) {
  let ia = startA;
  let ib = startB;
  for (let index = 0; index < words.length; index += 1) {
    const part = words[index]!;
    const count = part.value.length;
    if (!part.added && !part.removed) {
      ia += count;
      ib += count;
      continue;
    }
    const next = words[index + 1];
    if (part.removed && next?.added) {
      const same = part.value.map(wordOf).join(' ') === next.value.map(wordOf).join(' ');
      before.fill(same ? 'format' : 'changed', ia, ia + count);
      after.fill(same ? 'format' : 'changed', ib, ib + next.value.length);
      ia += count;
      ib += next.value.length;
      index += 1;
    } else if (part.removed) {
      before.fill('changed', ia, ia + count);
      ia += count;
    } else {
      after.fill('changed', ib, ib + count);
      ib += count;
    }
  }
}

/**
 * One version's HTML with its marks: a mark opens at its first word and closes before the next
 * tag or unmarked word, so it never crosses an element and the HTML stays well formed. The text
 * and tags are the sanitized version's own; only `ins`/`del` are added.
 */
function render(parsed: Parsed, marks: Mark[], element: 'ins' | 'del'): string {
  let html = '';
  let open: Mark | null = null;
  let pending = '';
  const close = () => {
    if (open) html += `</${element}>`;
    open = null;
  };
  for (const token of parsed.tokens) {
    if ('space' in token) {
      pending += token.space;
      continue;
    }
    if ('tag' in token) {
      close();
      html += pending + token.tag;
      pending = '';
      continue;
    }
    const mark = marks[token.unit]!;
    if (open && mark !== open) close();
    if (!open && mark !== 'same') {
      html += pending;
      pending = '';
      html += mark === 'format' ? `<${element} class="app-diff-format">` : `<${element}>`;
      open = mark;
    }
    html += pending + token.word;
    pending = '';
  }
  close();
  return html + pending;
}

/** The revision (`before`) and the current text (`after`), each with its changes marked. */
export async function formattedDiff(before: string, after: string): Promise<FormattedDiff | null> {
  const a = parse(before);
  const b = parse(after);
  const marks = await markUnits(a, b);
  if (!marks) return null;
  return { before: render(a, marks.before, 'del'), after: render(b, marks.after, 'ins') };
}
