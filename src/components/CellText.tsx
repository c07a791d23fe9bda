interface CellTextProps {
  text: string;
  /**
   * The text's own direction, `auto` by default: a Latin name in a right-to-left page is cut at
   * its end ("Montgomery-Fair…"), not its start.
   */
  dir?: 'auto' | 'ltr' | 'rtl';
  className?: string;
}

/**
 * A name, an address or a title on one line in a list cell: cut with "…" when its column is
 * narrower, the whole text in the hover tip and in the row's details. A name broken over three
 * lines makes every row of a list a different height; one cut short is still found by its start.
 */
export default function CellText({ text, dir = 'auto', className }: CellTextProps) {
  return (
    <span
      className={className ? `app-list-ellipsis ${className}` : 'app-list-ellipsis'}
      title={text}
      dir={dir}
    >
      {text}
    </span>
  );
}
