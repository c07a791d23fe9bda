import { $createRangeSelection, $getRoot, $setSelection } from 'lexical';

/*
 * The selection is carried from the server's drawing to the editor's by counting the visible
 * characters before each of its ends: the two drawings hold the same words but not the same white
 * space between blocks.
 */
const isSpace = (char: string) => /\s/.test(char);

/** Where one end of the selection was: after so many visible characters, and whether it began a block. */
interface CarriedPoint {
  visibleChars: number;
  blockStart: boolean;
}

interface CarriedSelection {
  anchor: CarriedPoint;
  focus: CarriedPoint;
}

const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, blockquote, td, th, div';

function carriedPoint(root: HTMLElement, node: Node, offset: number): CarriedPoint {
  const before = document.createRange();
  before.setStart(root, 0);
  before.setEnd(node, offset);
  const element = node instanceof Element ? node : node.parentElement;
  const block = element?.closest(BLOCKS);
  const inBlock = document.createRange();
  inBlock.setStart(block && root.contains(block) ? block : root, 0);
  inBlock.setEnd(node, offset);
  return {
    visibleChars: before.toString().replace(/\s/g, '').length,
    blockStart: !inBlock.toString().trim(),
  };
}

export function carriedSelection(root: HTMLElement): CarriedSelection | null {
  const selection = document.getSelection();
  const { anchorNode, focusNode } = selection ?? {};
  if (!selection || !anchorNode || !focusNode || !root.contains(anchorNode) || !root.contains(focusNode))
    return null;
  return {
    anchor: carriedPoint(root, anchorNode, selection.anchorOffset),
    focus: carriedPoint(root, focusNode, selection.focusOffset),
  };
}

/**
 * The text node and offset for a carried point: just after its last visible character, or, for a
 * point that began a block, just before the next one (which is in that block). Null past the end.
 */
function $pointFor({ visibleChars, blockStart }: CarriedPoint): { key: string; offset: number } | null {
  let left = visibleChars;
  for (const node of $getRoot().getAllTextNodes()) {
    const chars = node.getTextContent();
    for (let at = 0; at <= chars.length; at++) {
      const visible = at < chars.length && !isSpace(chars[at]!);
      if (left === 0 && (!blockStart || visible)) return { key: node.getKey(), offset: at };
      if (visible) left--;
    }
  }
  return null;
}

export function $restoreSelection({ anchor, focus }: CarriedSelection) {
  const from = $pointFor(anchor);
  const to = $pointFor(focus);
  if (!from || !to) {
    $getRoot().selectEnd();
    return;
  }
  const selection = $createRangeSelection();
  selection.anchor.set(from.key, from.offset, 'text');
  selection.focus.set(to.key, to.offset, 'text');
  $setSelection(selection);
}
