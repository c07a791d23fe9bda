import { diffArrays } from 'diff';
import { fieldChanges } from '../audit/changes';
import { cmsText } from './diff';

interface Version {
  title: string;
  /** Sanitized HTML. */
  content: string;
  effectiveDate: string | null;
}

/** Past this many blocks a side, counting changed paragraphs is not worth a diff: all of them count. */
const COUNT_LIMIT = 2000;

/** One block of the page (a paragraph, a heading, a list item, a table row) with its markup. */
const blocksOf = (html: string) =>
  html
    .split(/(?<=<\/(?:p|h[1-6]|li|blockquote|tr)>)/i)
    .map((block) => block.replace(/<\/?(?:ul|ol|table|thead|tbody)>/gi, '').trim())
    .filter((block) => cmsText(block) !== '');

/**
 * How many blocks differ between two versions, markup included, so a word made bold counts. A
 * replaced run of blocks counts as its longer side (three paragraphs rewritten: three, not six).
 */
export function changedBlocks(before: string, after: string): number {
  const a = blocksOf(before);
  const b = blocksOf(after);
  if (a.length + b.length > COUNT_LIMIT) return Math.max(a.length, b.length);
  let changed = 0;
  let removed = 0;
  for (const part of diffArrays(a, b)) {
    if (part.removed) removed = part.value.length;
    else if (part.added) {
      changed += Math.max(removed, part.value.length);
      removed = 0;
    } else {
      changed += removed;
      removed = 0;
    }
  }
  return changed + removed;
}

/**
 * An edit of a page as the audit trail words it: the title and date before → after, and how many
 * paragraphs changed ("Title: … → …; 3 paragraphs changed"), never the page's text itself; the
 * revision keeps the whole version.
 */
export function editSummary(
  before: Version | undefined,
  after: Version,
  facts: Record<string, unknown> = {},
): string | null {
  const changes = fieldChanges(before ? { title: before.title, effectiveDate: before.effectiveDate } : {}, {
    title: after.title,
    effectiveDate: after.effectiveDate,
  });
  const paragraphs = changedBlocks(before?.content ?? '', after.content);
  const detail = {
    ...(Object.keys(changes).length > 0 ? { changes } : {}),
    ...(paragraphs > 0 ? { paragraphs } : {}),
    ...facts,
  };
  return Object.keys(detail).length > 0 ? JSON.stringify(detail) : null;
}
