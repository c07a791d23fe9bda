import { $isLinkNode } from '@lexical/link';
import { ListNode } from '@lexical/list';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $getNearestNodeOfType } from '@lexical/utils';
import { $getSelection, $isParagraphNode, $isRangeSelection, type LexicalNode } from 'lexical';
import { EMPTY_SELECTION, type BlockKind, type SelectionState } from './editor-state';
import { $selectedTable } from './rich-text-table';

/** Reads the toolbar's state from the current selection; call inside `editorState.read`. */
export function $selectionState(): SelectionState {
  const selection = $getSelection();
  const inTable = $selectedTable() !== null;
  if (!$isRangeSelection(selection)) return { ...EMPTY_SELECTION, inTable };
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === 'root' ? null : anchor.getTopLevelElement();
  const parent = anchor.getParent();
  const linkNode = $isLinkNode(parent) ? parent : $isLinkNode(anchor) ? anchor : null;
  return {
    formats: {
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
    },
    block: blockOf(top, anchor),
    link: linkNode ? linkNode.getURL() : null,
    inTable,
  };
}

function blockOf(top: LexicalNode | null, anchor: LexicalNode): BlockKind {
  const list = $getNearestNodeOfType(anchor, ListNode);
  if (list) return list.getListType() === 'number' ? 'number' : 'bullet';
  if ($isHeadingNode(top)) {
    const tag = top.getTag();
    return tag === 'h2' || tag === 'h3' ? tag : 'other';
  }
  if ($isQuoteNode(top)) return 'quote';
  return !top || $isParagraphNode(top) ? 'paragraph' : 'other';
}
