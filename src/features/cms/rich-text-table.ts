import {
  $createTableNodeWithDimensions,
  $deleteTableColumnAtSelection,
  $deleteTableRowAtSelection,
  $findTableNode,
  $insertTableColumnAtSelection,
  $insertTableRowAtSelection,
  $isTableSelection,
} from '@lexical/table';
import { $insertNodeToNearestRoot } from '@lexical/utils';
import { $createParagraphNode, $getRoot, $getSelection, $isElementNode, $isRangeSelection } from 'lexical';

export type TableAction =
  'rowAbove' | 'rowBelow' | 'columnBefore' | 'columnAfter' | 'deleteRow' | 'deleteColumn' | 'deleteTable';

/** Inserts a 3×3 table with a header row and puts the caret in its first cell, where typing goes next. */
export function $insertTable(): void {
  const table = $createTableNodeWithDimensions(3, 3, { rows: true, columns: false });
  $insertNodeToNearestRoot(table);
  const firstRow = table.getFirstChild();
  const firstCell = $isElementNode(firstRow) ? firstRow.getFirstChild() : null;
  if ($isElementNode(firstCell)) firstCell.selectStart();
}

/** The table the selection is in, if any; call inside a read or an update. */
export function $selectedTable() {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) && !$isTableSelection(selection)) return null;
  return $findTableNode(selection.anchor.getNode());
}

/** Runs a table tool on the selection's cell, row or column (Lexical's own helpers, merged cells included). */
export function $runTableAction(action: TableAction): void {
  const table = $selectedTable();
  if (!table) return;
  const next = table.getNextSibling();
  const previous = table.getPreviousSibling();
  switch (action) {
    case 'rowAbove':
    case 'rowBelow':
      $insertTableRowAtSelection(action === 'rowBelow');
      return;
    case 'columnBefore':
    case 'columnAfter':
      $insertTableColumnAtSelection(action === 'columnAfter');
      return;
    case 'deleteRow':
      $deleteTableRowAtSelection();
      break;
    case 'deleteColumn':
      $deleteTableColumnAtSelection();
      break;
    case 'deleteTable':
      table.remove();
      break;
  }
  // Deleting the table (or its last row or column) leaves the caret nowhere: it goes to the text
  // beside where the table was, or to a new paragraph when the table was all there was.
  if (table.isAttached()) return;
  if ($isElementNode(next)) next.selectStart();
  else if ($isElementNode(previous)) previous.selectEnd();
  else {
    const paragraph = $createParagraphNode();
    $getRoot().append(paragraph);
    paragraph.select();
  }
}
