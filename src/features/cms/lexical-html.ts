import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
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

/** The editor's text as HTML; an editor holding one empty paragraph says '' (nothing written). */
export function $saveHtml(editor: LexicalEditor): string {
  const root = $getRoot();
  if (root.getChildrenSize() <= 1 && !root.getTextContent().trim()) return '';
  return $generateHtmlFromNodes(editor, null);
}
