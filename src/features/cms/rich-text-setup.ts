import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode, registerList } from '@lexical/list';
import { HeadingNode, QuoteNode, registerRichText } from '@lexical/rich-text';
import {
  registerTablePlugin,
  registerTableSelectionObserver,
  TableCellNode,
  TableNode,
  TableRowNode,
} from '@lexical/table';
import { mergeRegister } from '@lexical/utils';
import { createEditor, type LexicalEditor } from 'lexical';

/** Lexical's classes for what it draws, so the editor looks like the public page (src/styles/_cms.scss). */
const THEME = {
  paragraph: 'app-rte-p',
  quote: 'app-rte-quote',
  text: { bold: 'app-rte-bold', italic: 'app-rte-italic', underline: 'app-rte-underline' },
  table: 'app-rte-table',
  tableCell: 'app-rte-cell',
  tableCellHeader: 'app-rte-cell-header',
};

/** Exactly the nodes the sanitizer lets through (src/server/cms/sanitize.ts), nothing more. */
export function createCmsEditor(onError: (error: Error) => void): LexicalEditor {
  return createEditor({
    namespace: 'cms',
    theme: THEME,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, TableNode, TableRowNode, TableCellNode],
    onError,
  });
}

/** The editing behaviours (typing, history, lists, tables); returns the function that removes them. */
export function registerCmsBehaviours(editor: LexicalEditor): () => void {
  return mergeRegister(
    registerRichText(editor),
    registerHistory(editor, createEmptyHistoryState(), 300),
    registerList(editor),
    registerTablePlugin(editor),
    // Tab moves between cells inside a table; outside one it leaves the editor as usual.
    registerTableSelectionObserver(editor, true),
  );
}
