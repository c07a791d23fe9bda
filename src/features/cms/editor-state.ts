import type { TextFormatType } from 'lexical';

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
