import sanitizeHtml from 'sanitize-html';

/**
 * CMS pages are written by admins but read by the public, so the HTML is cut down to text
 * structure: no styles, scripts, frames, images or event handlers can reach a visitor. Run on save
 * and again on render (DESIGN.md §8), so a row written before a rule tightened is still safe.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'blockquote'],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page already has its own <h1>: the CMS title.
    h1: 'h2',
    b: 'strong',
    i: 'em',
    // Every link leaves without the opener or the referrer, whatever the author wrote.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
};

export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
