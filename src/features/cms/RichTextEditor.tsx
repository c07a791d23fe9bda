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
import { useEffect, useId, useRef, useState } from 'react';
import type { CmsLabels } from './cms-labels';
import { $selectionState, EMPTY_SELECTION, type SelectionState } from './editor-state';
import { $isBlank, $loadHtml, editorMarkup } from './lexical-html';
import RichTextLinkForm from './RichTextLinkForm';
import { createCmsEditor, registerCmsBehaviours } from './rich-text-setup';
import { $insertTable, $runTableAction } from './rich-text-table';
import RichTextToolbar, { type ToolbarAction } from './RichTextToolbar';

interface RichTextEditorProps {
  /** Stored (sanitized) HTML to start from; a new `key` on the component loads another text. */
  initialHtml: string;
  /**
   * The server drew `initialHtml` in the box (the page's own text, sanitized by the page), so the
   * text is on screen before this script has run. A text loaded later is only ever drawn by Lexical.
   */
  painted?: boolean;
  /** The form field that carries the HTML on submit. */
  name: string;
  labelledBy: string;
  labels: CmsLabels;
  /**
   * Every change of the text, as HTML; `byPerson` is false for the editor's own changes (loading
   * the text, normalising a table), which are not edits to warn about.
   */
  onChange: (html: string, byPerson: boolean) => void;
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

function run(editor: LexicalEditor, action: ToolbarAction, state: SelectionState) {
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
      if (state.block === action) return editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
      return editor.dispatchCommand(
        action === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
        undefined,
      );
    case 'table':
      return editor.update($insertTable);
    case 'link':
      return;
    case 'paragraph':
    case 'h2':
    case 'h3':
    case 'quote':
      return editor.update(() => $setBlock(action));
    default:
      return editor.update(() => $runTableAction(action));
  }
}

/** The CMS's Lexical editor: a labelled toolbar over a rich-text area whose HTML rides in a hidden field. */
export default function RichTextEditor({
  initialHtml,
  painted = false,
  name,
  labelledBy,
  labels,
  onChange,
}: RichTextEditorProps) {
  const editorId = useId().replace(/:/g, '');
  const rootRef = useRef<HTMLDivElement>(null);
  const [editor] = useState(() =>
    createCmsEditor((error) => {
      throw error;
    }),
  );
  // The editor's first change (loading the text) fills it, in the browser only.
  const [html, setHtml] = useState('');
  const [state, setState] = useState<SelectionState>(EMPTY_SELECTION);
  const [history, setHistory] = useState({ undo: false, redo: false });
  const [linking, setLinking] = useState(false);
  const changed = useRef(onChange);
  changed.current = onChange;
  // Set by the first key, paste, drop or toolbar action: from then on a change is the person's.
  const touched = useRef(false);

  // The text as the server drew it in the box (below), taken once: React must not set it again
  // over what the editor draws there.
  const [serverHtml] = useState(() => (painted ? { __html: initialHtml } : undefined));

  useEffect(() => {
    // The editor redraws the text itself in this same task (the update below is discrete), so no
    // frame shows the box empty between the server's copy and the editor's.
    rootRef.current?.replaceChildren();
    editor.setRootElement(rootRef.current);
    const unregister = mergeRegister(
      registerCmsBehaviours(editor),
      editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
        editorState.read(() => setState($selectionState()));
        if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
        const blank = editorState.read($isBlank);
        const next = blank || !rootRef.current ? '' : editorMarkup(rootRef.current);
        setHtml(next);
        changed.current(next, touched.current);
      }),
      editor.registerCommand(
        CAN_UNDO_COMMAND,
        (undo) => (setHistory((h) => ({ ...h, undo })), false),
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerCommand(
        CAN_REDO_COMMAND,
        (redo) => (setHistory((h) => ({ ...h, redo })), false),
        COMMAND_PRIORITY_LOW,
      ),
    );
    const touch = () => {
      touched.current = true;
    };
    const root = rootRef.current;
    for (const type of ['beforeinput', 'keydown', 'paste', 'drop', 'cut'] as const)
      root?.addEventListener(type, touch);
    // Loading the stored text is not an edit: it does not enter the undo history.
    editor.update(() => $loadHtml(editor, initialHtml), { tag: 'history-merge', discrete: true });
    return () => {
      for (const type of ['beforeinput', 'keydown', 'paste', 'drop', 'cut'] as const)
        root?.removeEventListener(type, touch);
      unregister();
      editor.setRootElement(null);
    };
    // The editor loads its text once; a different text gets a fresh component (a new key).
  }, [editor]);

  function onAction(action: ToolbarAction) {
    touched.current = true;
    if (action === 'link') setLinking((open) => !open);
    else run(editor, action, state);
    if (action !== 'link') editor.focus();
  }

  function applyLink(url: string | null) {
    editor.update(() => {
      $toggleLink(url, { rel: 'noopener noreferrer' });
      // Typing goes on after the link, not over the words just linked.
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const end = selection.isBackward() ? selection.anchor : selection.focus;
      const { key, offset, type } = end;
      selection.anchor.set(key, offset, type);
      selection.focus.set(key, offset, type);
    });
    setLinking(false);
    editor.focus();
  }

  return (
    <div className="app-rte">
      <RichTextToolbar
        state={state}
        canUndo={history.undo}
        canRedo={history.redo}
        labels={labels}
        editorId={editorId}
        onAction={onAction}
      />
      {linking && (
        <RichTextLinkForm
          current={state.link}
          labels={labels}
          onApply={applyLink}
          onCancel={() => setLinking(false)}
        />
      )}
      <div
        id={editorId}
        ref={rootRef}
        className="app-rte-content app-cms-content form-control"
        contentEditable
        suppressContentEditableWarning
        dangerouslySetInnerHTML={serverHtml}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        spellCheck
      />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}
