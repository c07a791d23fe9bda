import { diffWordsWithSpace } from 'diff';
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
 * Word-level differences from `before` to `after`, computed here so no diff library ships to the
 * browser: `added` is in `after` only, `removed` in `before` only.
 */
export function diffText(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}
