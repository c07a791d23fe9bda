import sanitizeHtml from 'sanitize-html';
import { isAllowedLinkUrl } from '../../lib/link-url';

/**
 * CMS pages are written by admins but read by the public, so the HTML is cut down to an allow-list
 * of text structure: headings, paragraphs, emphasis, lists, links, quotes and tables. Nothing that
 * can run or restyle reaches a visitor: no scripts, event handlers, `javascript:`/`data:` URLs,
 * frames, forms, images, styles or classes, and no `id`/`name` (they could clobber DOM globals).
 * Run on save and again on render (DESIGN.md §8), so a row written before a rule tightened is
 * still safe.
 */
const TABLE_CELL = ['colspan', 'rowspan'];

/** A cell spans 1–99 rows or columns; any other value (a negative, a script) is dropped. */
function spanningCell(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept = Object.entries(attribs).filter(
    ([name, value]) => !TABLE_CELL.includes(name) || /^[1-9][0-9]?$/.test(value),
  );
  return { tagName, attribs: Object.fromEntries(kept) };
}

/**
 * A link whose address is not a real one (`https://` alone, `https://exa mple`) leads nowhere and
 * throws in scripts that parse it: its words stay, the address goes (an `<a>` without `href` is
 * no link). It stays an `a`: sanitize-html closes every transformed tag of one name as the last
 * one was renamed, so renaming some links (to a dropped `span`) closed the next real link with
 * `</span>`. The scheme allow-list below still applies to the links kept.
 */
function checkedLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = attribs.href?.trim();
  if (href !== undefined && !isAllowedLinkUrl(href)) return { tagName, attribs: {} };
  return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    'u',
    's',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: [...TABLE_CELL, 'scope'], td: TABLE_CELL },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // These hold text that is not the page's text (code, a frame's fallback): dropped with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'noembed',
    'noframes',
    'xmp',
    'template',
    'title',
    'select',
  ],
  transformTags: {
    // The page already has its own <h1>: the CMS title.
    h1: 'h2',
    b: 'strong',
    i: 'em',
    strike: 's',
    // Every link leaves without the opener or the referrer, whatever the author wrote.
    a: checkedLink,
    td: spanningCell,
    th: spanningCell,
  },
};

export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
