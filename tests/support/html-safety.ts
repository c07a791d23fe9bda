import { Parser } from 'htmlparser2';

const RUNNABLE = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'base',
  'style',
  'math',
  'template',
  'details',
  'img',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'data',
  'xlink:href',
  'poster',
]);
/** What a browser ignores inside a URL's scheme (tabs, newlines, NUL, leading spaces and controls). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a browser skips
const IGNORED = /[\u0000-\u0020]/g;

/**
 * Everything in `html` that could run script or leave our rules: tags that run or load things,
 * event handlers, style attributes, and javascript:/data:/vbscript: URLs (as a browser would read
 * them, entities decoded and control characters dropped). `content: true` also flags id and name
 * (stored CMS HTML must have none; the page around it has its own ids).
 */
export function unsafeMarkup(html: string, { content = false } = {}): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // The page's own icons are inline SVG; a script or handler inside one is still caught below.
        if (RUNNABLE.has(name) || (content && name === 'svg')) found.push(`<${name}>`);
        if (name === 'meta' && 'http-equiv' in attributes) found.push('<meta http-equiv>');
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute.startsWith('on')) found.push(`${name}[${attribute}]`);
          if (attribute === 'style') found.push(`${name}[style]`);
          if (content && (attribute === 'id' || attribute === 'name')) found.push(`${name}[${attribute}]`);
          const scheme = value.replace(IGNORED, '').toLowerCase();
          if (URL_ATTRIBUTES.has(attribute) && /^(javascript|data|vbscript):/.test(scheme)) {
            found.push(`${name}[${attribute}=${scheme.slice(0, 20)}]`);
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
