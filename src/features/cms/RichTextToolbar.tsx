import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconColumnInsertLeft,
  IconColumnInsertRight,
  IconColumnRemove,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPilcrow,
  IconRowInsertBottom,
  IconRowInsertTop,
  IconRowRemove,
  IconTable,
  IconTableMinus,
  IconUnderline,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { BlockKind, SelectionState } from './editor-state';
import type { CmsLabels } from './cms-labels';
import type { TableAction } from './rich-text-table';

export type ToolbarAction =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'paragraph'
  | 'h2'
  | 'h3'
  | 'quote'
  | 'bullet'
  | 'number'
  | 'link'
  | 'table'
  | 'undo'
  | 'redo'
  | TableAction;

interface Tool {
  action: ToolbarAction;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true'; focusable?: 'false' }>;
  label: keyof CmsLabels;
}

const GROUPS: readonly (readonly Tool[])[] = [
  [
    { action: 'undo', Icon: IconArrowBackUp, label: 'undo' },
    { action: 'redo', Icon: IconArrowForwardUp, label: 'redo' },
  ],
  [
    { action: 'paragraph', Icon: IconPilcrow, label: 'paragraph' },
    { action: 'h2', Icon: IconH2, label: 'heading' },
    { action: 'h3', Icon: IconH3, label: 'subheading' },
    { action: 'quote', Icon: IconBlockquote, label: 'quote' },
  ],
  [
    { action: 'bold', Icon: IconBold, label: 'bold' },
    { action: 'italic', Icon: IconItalic, label: 'italic' },
    { action: 'underline', Icon: IconUnderline, label: 'underline' },
  ],
  [
    { action: 'bullet', Icon: IconList, label: 'bulletList' },
    { action: 'number', Icon: IconListNumbers, label: 'numberList' },
    { action: 'link', Icon: IconLink, label: 'link' },
    { action: 'table', Icon: IconTable, label: 'table' },
  ],
];

/** Shown while the selection is in a table: what can be done to its rows and columns. */
const TABLE_TOOLS: readonly Tool[] = [
  { action: 'rowAbove', Icon: IconRowInsertTop, label: 'rowAbove' },
  { action: 'rowBelow', Icon: IconRowInsertBottom, label: 'rowBelow' },
  { action: 'columnBefore', Icon: IconColumnInsertLeft, label: 'columnBefore' },
  { action: 'columnAfter', Icon: IconColumnInsertRight, label: 'columnAfter' },
  { action: 'deleteRow', Icon: IconRowRemove, label: 'deleteRow' },
  { action: 'deleteColumn', Icon: IconColumnRemove, label: 'deleteColumn' },
  { action: 'deleteTable', Icon: IconTableMinus, label: 'deleteTable' },
];

const BLOCKS = new Set<ToolbarAction>(['paragraph', 'h2', 'h3', 'quote', 'bullet', 'number']);

function pressed(action: ToolbarAction, state: SelectionState): boolean | undefined {
  if (action === 'bold' || action === 'italic' || action === 'underline') return state.formats[action];
  if (BLOCKS.has(action)) return state.block === (action as BlockKind);
  if (action === 'link') return state.link !== null;
  return undefined;
}

interface RichTextToolbarProps {
  state: SelectionState;
  canUndo: boolean;
  canRedo: boolean;
  labels: CmsLabels;
  editorId: string;
  onAction: (action: ToolbarAction) => void;
}

/**
 * Plain buttons in a labelled toolbar: each is a Tab stop with a visible focus ring, toggles say
 * whether they are on with aria-pressed, and mousedown keeps the editor's selection.
 */
export default function RichTextToolbar({
  state,
  canUndo,
  canRedo,
  labels,
  editorId,
  onAction,
}: RichTextToolbarProps) {
  const button = ({ action, Icon, label }: Tool) => (
    <button
      key={action}
      type="button"
      className="btn btn-sm btn-outline-primary app-rte-button"
      aria-label={labels[label]}
      title={labels[label]}
      aria-pressed={pressed(action, state)}
      disabled={(action === 'undo' && !canUndo) || (action === 'redo' && !canRedo)}
      data-action={action}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onAction(action)}
    >
      <Icon size={18} aria-hidden="true" />
    </button>
  );
  return (
    <div className="app-rte-toolbar" role="toolbar" aria-label={labels.toolbar} aria-controls={editorId}>
      {GROUPS.map((group, index) => (
        <div className="app-rte-group" role="group" key={index}>
          {group.map(button)}
        </div>
      ))}
      {state.inTable && (
        <div className="app-rte-group" role="group" aria-label={labels.tableTools}>
          {TABLE_TOOLS.map(button)}
        </div>
      )}
    </div>
  );
}
