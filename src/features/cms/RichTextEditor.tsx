import { useEffect, useId, useRef, useState } from 'react';
import { loadOnce } from '../../components/on-demand';
import { isBlankContent } from './blank-content';
import type { CmsLabels } from './cms-labels';
import { EMPTY_SELECTION, type SelectionState } from './editor-state';
import type { CmsEditorEngine } from './rich-text-engine';
import RichTextLinkForm from './RichTextLinkForm';
import RichTextToolbar, { type ToolbarAction } from './RichTextToolbar';

interface RichTextEditorProps {
  /** Stored (sanitized) HTML to start from; a new `key` on the component loads another text. */
  initialHtml: string;
  /**
   * The server drew `initialHtml` in the box (the page's own text, sanitized by the page), so the
   * text is on screen before this script has run. A text loaded later is only ever drawn by Lexical.
   */
  painted?: boolean;
  /**
   * The language the text is in. Its direction comes from the text itself, as Lexical gives each
   * block its own, so the server's drawing and the editor's read the same way in an RTL interface.
   */
  lang?: string;
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

const loadEngine = loadOnce(() => import('./rich-text-engine'));

/** What says a person is at the page: the first of these loads the editor's script. */
const FIRST_USE = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
/** What a person does to the text (rather than the editor to itself): see `onChange`. */
const EDITS = ['beforeinput', 'keydown', 'paste', 'drop', 'cut'] as const;

/**
 * The CMS's editor: a labelled toolbar over a rich-text area whose HTML rides in a hidden field.
 * Lexical (rich-text-engine.ts) takes the area over on the page's first interaction; a toolbar
 * action or link chosen before then runs as soon as it has.
 */
export default function RichTextEditor({
  initialHtml,
  lang,
  painted = false,
  name,
  labelledBy,
  labels,
  onChange,
}: RichTextEditorProps) {
  const editorId = useId().replace(/:/g, '');
  const rootRef = useRef<HTMLDivElement>(null);
  // Empty in the server's HTML (the text is in the box already); the stored text from the first
  // effect, so a save before the editor has loaded sends the text unchanged.
  const [html, setHtml] = useState('');
  const [state, setState] = useState<SelectionState>(EMPTY_SELECTION);
  const [history, setHistory] = useState({ undo: false, redo: false });
  const [linking, setLinking] = useState(false);
  const changed = useRef(onChange);
  changed.current = onChange;
  // Set by the first key, paste, drop or toolbar action: from then on a change is the person's.
  const touched = useRef(false);
  const engine = useRef<() => Promise<CmsEditorEngine | null>>(() => Promise.resolve(null));

  // The text as the server drew it in the box (below), taken once: React must not set it again
  // over what the editor draws there.
  const [serverHtml] = useState(() => (painted ? { __html: initialHtml } : undefined));

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let gone = false;
    let attached: CmsEditorEngine | null = null;
    let pending: Promise<CmsEditorEngine | null> | null = null;
    // Typed into the server's drawing before the editor arrived: the editor takes that over, and
    // until then it is what a save sends (the server sanitizes it) and what leaving warns about.
    let typedEarly = false;
    const typed = () => {
      typedEarly = true;
      setHtml(root.innerHTML);
      changed.current(root.innerHTML, true);
    };
    const touch = () => {
      touched.current = true;
    };
    const start = () =>
      (pending ??= loadEngine().then(
        ({ attachCmsEditor }) => {
          if (gone) return null;
          for (const type of FIRST_USE) window.removeEventListener(type, startSoon, true);
          root.removeEventListener('input', typed);
          attached = attachCmsEditor(root, painted && typedEarly ? null : initialHtml, {
            onSelection: setState,
            onHistory: (can) => setHistory((now) => ({ ...now, ...can })),
            onChange: (next, load) => {
              setHtml(next);
              changed.current(next, load ? typedEarly : touched.current);
            },
          });
          return attached;
        },
        (error: unknown) => {
          // Offline for a moment: the next interaction tries again.
          pending = null;
          throw error;
        },
      ));
    const startSoon = () => void start().catch(() => undefined);
    engine.current = start;

    const stored = isBlankContent(initialHtml) ? '' : initialHtml;
    setHtml(stored);
    changed.current(stored, false);
    root.addEventListener('input', typed);
    for (const type of EDITS) root.addEventListener(type, touch);
    // A text loaded after the page (another language) is drawn by the editor alone.
    if (painted)
      for (const type of FIRST_USE)
        window.addEventListener(type, startSoon, { capture: true, passive: true });
    else startSoon();
    return () => {
      gone = true;
      for (const type of FIRST_USE) window.removeEventListener(type, startSoon, true);
      root.removeEventListener('input', typed);
      for (const type of EDITS) root.removeEventListener(type, touch);
      attached?.dispose();
    };
    // The editor loads its text once; a different text gets a fresh component (a new key).
  }, []);

  function onAction(action: ToolbarAction) {
    touched.current = true;
    if (action === 'link') {
      if (linking) return setLinking(false);
      // The link form opens once the editor has taken the text over: the words selected are
      // carried into it while the selection is still in the box. Opened first, on a slow load the
      // focus moved to the address field before the editor arrived, the selection was lost with
      // it, and the link was applied to nothing (the flaky "waiting for a link" of
      // cms-editor-tools.spec.ts).
      void engine
        .current()
        .catch(() => null)
        .then(() => setLinking(true));
      return;
    }
    void engine.current().then((editor) => {
      editor?.run(action);
      editor?.focus();
    });
  }

  function applyLink(url: string | null) {
    setLinking(false);
    void engine.current().then((editor) => {
      editor?.applyLink(url);
      editor?.focus();
    });
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
        lang={lang}
        dir="auto"
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
