import { $isLinkNode } from '@lexical/link';
import { ListNode } from '@lexical/list';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $getNearestNodeOfType } from '@lexical/utils';
import {
  $getSelection,
  $isParagraphNode,
  $isRangeSelection,
  type LexicalNode,
  type TextFormatType,
} from 'lexical';
import { $selectedTable } from './rich-text-table';

export type BlockKind = 'paragraph' | 'h2' | 'h3' | 'quote' | 'bullet' | 'number' | 'other';

/** What the toolbar shows as pressed: the selection's formats, its block and whether it is in a link. */
export interface SelectionState {
  formats: Record<Extract<TextFormatType, 'bold' | 'italic' | 'underline'>, boolean>;
  block: BlockKind;
  link: string | null;
  /** The selection is in a table: the toolbar offers the row and column tools. */
  inTable: boolean;
}

export const EMPTY_SELECTION: SelectionState = {
  formats: { bold: false, italic: false, underline: false },
  block: 'paragraph',
  link: null,
  inTable: false,
};

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
