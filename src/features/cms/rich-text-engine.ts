import { $toggleLink } from '@lexical/link';
import {
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { $createHeadingNode, $createQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type LexicalEditor,
} from 'lexical';
import type { SelectionState } from './editor-state';
import { $isBlank, $loadHtml, editorMarkup } from './lexical-html';
import { carriedSelection, $restoreSelection } from './rich-text-carry';
import { $selectionState } from './rich-text-selection';
import { createCmsEditor, registerCmsBehaviours } from './rich-text-setup';
import { $insertTable, $runTableAction } from './rich-text-table';
import type { ToolbarAction } from './RichTextToolbar';

/*
 * Lexical, as RichTextEditor uses it. This module is the editor pages' largest script, so it is
 * fetched and evaluated on the page's first interaction, not while the page loads: until then the
 * box shows the text as the server drew it, and the browser's own editing keeps what is typed.
 */

export interface EngineHandlers {
  onSelection: (state: SelectionState) => void;
  onHistory: (can: { undo?: boolean; redo?: boolean }) => void;
  /** Every change of the text as HTML; `load` marks the change that put the text in. */
  onChange: (html: string, load: boolean) => void;
}

export interface CmsEditorEngine {
  run: (action: Exclude<ToolbarAction, 'link'>) => void;
  /** Links the selected words to `url` (null removes the link). */
  applyLink: (url: string | null) => void;
  focus: () => void;
  dispose: () => void;
}

const LOAD_TAG = 'cms-load';

/**
 * Makes `root` the editor for `html`. With `html` null, the editor takes over what the box holds
 * now (the stored text with whatever was typed into it before this script arrived). The caret, or
 * the words selected, stay where they were.
 */
export function attachCmsEditor(
  root: HTMLElement,
  html: string | null,
  handlers: EngineHandlers,
): CmsEditorEngine {
  const editor = createCmsEditor((error) => {
    throw error;
  });
  const text = html ?? root.innerHTML;
  // A toolbar button takes the focus but leaves the selection in the box: it is carried too.
  const selection = carriedSelection(root);
  // The editor redraws the text in this same task (the update below is discrete), so no frame
  // shows the box empty between the server's copy and the editor's.
  root.replaceChildren();
  editor.setRootElement(root);
  const unregister = mergeRegister(
    registerCmsBehaviours(editor),
    editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, tags }) => {
      editorState.read(() => handlers.onSelection($selectionState()));
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      const blank = editorState.read($isBlank);
      handlers.onChange(blank ? '' : editorMarkup(root), tags.has(LOAD_TAG));
    }),
    editor.registerCommand(
      CAN_UNDO_COMMAND,
      (undo) => (handlers.onHistory({ undo }), false),
      COMMAND_PRIORITY_LOW,
    ),
    editor.registerCommand(
      CAN_REDO_COMMAND,
      (redo) => (handlers.onHistory({ redo }), false),
      COMMAND_PRIORITY_LOW,
    ),
  );
  // Loading the text is not an edit: it does not enter the undo history.
  editor.update(
    () => {
      $loadHtml(editor, text);
      if (selection) $restoreSelection(selection);
    },
    { tag: ['history-merge', LOAD_TAG], discrete: true },
  );

  return {
    run: (action) => run(editor, action),
    applyLink: (url) =>
      editor.update(() => {
        $toggleLink(url, { rel: 'noopener noreferrer' });
        // Typing goes on after the link, not over the words just linked.
        const selection = $getSelection();
        if (!$isRangeSelection(selection)) return;
        const end = selection.isBackward() ? selection.anchor : selection.focus;
        const { key, offset, type } = end;
        selection.anchor.set(key, offset, type);
        selection.focus.set(key, offset, type);
      }),
    focus: () => editor.focus(),
    dispose: () => {
      unregister();
      editor.setRootElement(null);
    },
  };
}

function run(editor: LexicalEditor, action: Exclude<ToolbarAction, 'link'>) {
  switch (action) {
    case 'bold':
    case 'italic':
    case 'underline':
      return editor.dispatchCommand(FORMAT_TEXT_COMMAND, action);
    case 'undo':
      return editor.dispatchCommand(UNDO_COMMAND, undefined);
    case 'redo':
      return editor.dispatchCommand(REDO_COMMAND, undefined);
    case 'bullet':
    case 'number':
      // Pressing the list's own button again turns it back into paragraphs.
      if (editor.getEditorState().read($selectionState).block === action)
        return editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
      return editor.dispatchCommand(
        action === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
        undefined,
      );
    case 'table':
      return editor.update($insertTable);
    case 'paragraph':
    case 'h2':
    case 'h3':
    case 'quote':
      return editor.update(() => $setBlock(action));
    default:
      return editor.update(() => $runTableAction(action));
  }
}

function $setBlock(kind: 'paragraph' | 'h2' | 'h3' | 'quote') {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  $setBlocksType(selection, () =>
    kind === 'paragraph'
      ? $createParagraphNode()
      : kind === 'quote'
        ? $createQuoteNode()
        : $createHeadingNode(kind),
  );
}
