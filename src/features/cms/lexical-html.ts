import { $generateNodesFromDOM } from '@lexical/html';
import {
  $createParagraphNode,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  $isTextNode,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';

/** Replaces the editor's text with `html` (stored, sanitized CMS HTML). Call inside `editor.update`. */
export function $loadHtml(editor: LexicalEditor, html: string): void {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const root = $getRoot();
  root.clear();
  let loose: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of $generateNodesFromDOM(editor, dom)) {
    if (isBlock(node)) {
      loose = null;
      root.append(node);
      continue;
    }
    // Inline content at the top level (text between blocks) needs a paragraph around it.
    if ($isTextNode(node) && !node.getTextContent().trim()) continue;
    if (!loose) {
      loose = $createParagraphNode();
      root.append(loose);
    }
    loose.append(node);
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

function isBlock(node: LexicalNode): boolean {
  return ($isElementNode(node) && !node.isInline()) || ($isDecoratorNode(node) && !node.isInline());
}

/** True when the editor holds nothing but one empty paragraph. Call inside a read. */
export function $isBlank(): boolean {
  const root = $getRoot();
  return root.getChildrenSize() <= 1 && !root.getTextContent().trim();
}

/** Theme class (rich-text-setup.ts) → the tag that carries that format in saved HTML. */
const FORMAT_TAGS: [string, string][] = [
  ['app-rte-bold', 'strong'],
  ['app-rte-italic', 'em'],
  ['app-rte-underline', 'u'],
];
const KEPT: Record<string, string[]> = {
  A: ['href'],
  TD: ['colspan', 'rowspan'],
  TH: ['colspan', 'rowspan'],
};

/**
 * The editor's text as HTML, read from what the editor drew rather than through Lexical's HTML
 * export: the export sets inline styles on elements of this page, which its CSP reports as
 * violations. The copy lives in an inert document, where formats become plain tags (Lexical draws
 * bold + italic as one element with two classes), and every attribute but a link's address and a
 * cell's span is dropped. The server's sanitizer still decides what is kept.
 */
export function editorMarkup(root: HTMLElement): string {
  const doc = new DOMParser().parseFromString('<body></body>', 'text/html');
  doc.body.innerHTML = root.innerHTML;
  for (const element of [...doc.body.querySelectorAll('*')]) {
    const formats = FORMAT_TAGS.filter(([name]) => element.classList.contains(name)).map(([, tag]) => tag);
    const kept = KEPT[element.tagName] ?? [];
    for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
    if (element.tagName === 'COLGROUP') {
      element.remove();
      continue;
    }
    const plain = element.tagName === 'SPAN' || formats.includes(element.tagName.toLowerCase());
    if (!formats.length) {
      if (element.tagName === 'SPAN') element.replaceWith(...element.childNodes);
      continue;
    }
    // Nest one tag per format around the children, replacing the span/strong/em Lexical drew.
    let inner: Element = doc.createElement(formats[formats.length - 1]!);
    inner.append(...element.childNodes);
    for (const tag of formats.slice(0, -1).reverse()) {
      const outer = doc.createElement(tag);
      outer.append(inner);
      inner = outer;
    }
    if (plain) element.replaceWith(inner);
    else element.append(inner);
  }
  return doc.body.innerHTML;
}
