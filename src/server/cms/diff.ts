import { diffArrays } from 'diff';
import type { DiffPart } from '../../shared/cms/cms-input';

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|tr|table|ul|ol)>|<br\s*\/?>/gi;
const CELL_END = /<\/(td|th)>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The readable text of sanitized CMS HTML: one line per block, cells separated by a tab. Diffs
 * are shown on this text, so an admin sees which words changed, not which tags.
 */
export function cmsText(html: string): string {
  return html
    .replace(BLOCK_END, '\n')
    .replace(CELL_END, '\t')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * The most work one step of the diff may do before it gives up. Myers' diff costs (length × edits):
 * two long versions with little in common took 41 s for 6,000 words, holding the whole server. The
 * text is compared line by line first (a line is a block: cmsText), then each changed run of lines
 * word by word, yielding to other requests between runs; a step that would pass these bounds, or a
 * whole diff longer than TOTAL_MS, gives up, and the viewer shows the two versions side by side.
 */
const STEP_LIMITS = { maxEditLength: 2000, timeout: 15 } as const;
const TOTAL_MS = 1000;
/**
 * Below this many tokens a step is cheap whatever the edits (at most SHORT² comparisons, about a
 * millisecond), so it gets no wall-clock bound: a busy machine must not turn a changed title into
 * "too different to compare".
 */
const SHORT = 600;

/**
 * A word or a punctuation mark with the white space before it, so the space between two changed
 * words changes with them. One native regex pass: the diff library's own word tokenizer takes
 * tens of milliseconds on a long page before its time bound even starts.
 */
const TOKEN = /\s*(?:[\p{L}\p{N}\p{M}_]+|[^\p{L}\p{N}\p{M}_\s])|\s+/gu;

const kindOf = (change: { added: boolean; removed: boolean }): DiffPart['kind'] =>
  change.added ? 'added' : change.removed ? 'removed' : 'same';

/** One bounded step of a diff (the limits above); null when it gives up. */
export function boundedDiff(before: string[], after: string[]) {
  const short = before.length + after.length <= SHORT;
  return diffArrays(before, after, short ? { maxEditLength: SHORT } : STEP_LIMITS) ?? null;
}

/** The whole diff's budget, checked between steps. */
export const DIFF_TOTAL_MS = TOTAL_MS;

export const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function diffTokens(before: string[], after: string[]): DiffPart[] | null {
  const changes = boundedDiff(before, after);
  return changes?.map((change) => ({ kind: kindOf(change), text: change.value.join('') })) ?? null;
}

/**
 * Word-level differences from `before` to `after`, computed here so no diff library ships to the
 * browser: `added` is in `after` only, `removed` in `before` only. Null when the two are too
 * different to compare word by word within the bounds above.
 */
export async function diffText(before: string, after: string): Promise<DiffPart[] | null> {
  const deadline = Date.now() + TOTAL_MS;
  const lines = diffTokens(before.split(/(?<=\n)/), after.split(/(?<=\n)/));
  if (!lines) return null;
  const parts: DiffPart[] = [];
  const push = (part: DiffPart) => {
    const last = parts.at(-1);
    if (last?.kind === part.kind) last.text += part.text;
    else parts.push({ ...part });
  };
  for (let index = 0; index < lines.length; index += 1) {
    const change = lines[index]!;
    const next = lines[index + 1];
    if (change.kind !== 'removed' || next?.kind !== 'added') {
      push(change);
      continue;
    }
    // A run of lines replaced by another: which of their words changed.
    await nextTurn();
    if (Date.now() > deadline) return null;
    const words = diffTokens(change.text.match(TOKEN) ?? [], next.text.match(TOKEN) ?? []);
    if (!words) return null;
    words.forEach(push);
    index += 1;
  }
  return parts;
}
