import { diffArrays, diffWordsWithSpace } from 'diff';
import type { DiffPart } from '../../features/cms/cms-input';

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

const kindOf = (change: { added: boolean; removed: boolean }): DiffPart['kind'] =>
  change.added ? 'added' : change.removed ? 'removed' : 'same';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Word-level differences from `before` to `after`, computed here so no diff library ships to the
 * browser: `added` is in `after` only, `removed` in `before` only. Null when the two are too
 * different to compare word by word within the bounds above.
 */
export async function diffText(before: string, after: string): Promise<DiffPart[] | null> {
  const deadline = Date.now() + TOTAL_MS;
  const lines = diffArrays(before.split(/(?<=\n)/), after.split(/(?<=\n)/), STEP_LIMITS);
  if (!lines) return null;
  const parts: DiffPart[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const change = lines[index]!;
    const next = lines[index + 1];
    if (!change.removed || !next?.added) {
      parts.push({ kind: kindOf(change), text: change.value.join('') });
      continue;
    }
    // A run of lines replaced by another: which of their words changed.
    await nextTurn();
    if (Date.now() > deadline) return null;
    const words = diffWordsWithSpace(change.value.join(''), next.value.join(''), STEP_LIMITS);
    if (!words) return null;
    parts.push(...words.map((word) => ({ kind: kindOf(word), text: word.value })));
    index += 1;
  }
  return parts;
}
