import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { queryString } from '../lib/list-url';

interface ExportLinkProps {
  /** The export endpoint (`/api/admin/exportusers`). */
  path: string;
  /** The list's filters as the endpoint takes them: the file holds what the list shows. */
  query: URLSearchParams;
  /**
   * The selected rows, when the endpoint takes `ids`: the file then holds only these (`ids=1,2,3`,
   * in place of the filter). Empty or left out: everything the filter matches.
   */
  ids?: readonly number[];
  /** Says what the file holds ("Export 3 selected", "Export all matching (120)"). */
  label: string;
  /**
   * Why there is nothing to export ("Nothing matches…"), when nothing matches: the link is then
   * off (no address to follow) and says so to assistive technology.
   */
  nothing?: string;
  className?: string;
}

/** "Export CSV": a plain download link to a list's streamed export, with its filters or selection. */
export default function ExportLink({
  path,
  query,
  ids = [],
  label,
  nothing,
  className = '',
}: ExportLinkProps) {
  const whyId = useId();
  const classes = `btn btn-outline-primary ${className}`.trim();
  const content = (
    <>
      <IconDownload size={18} aria-hidden="true" />
      <span>{label}</span>
    </>
  );
  if (nothing) {
    // A link without an address, still reachable by Tab, so a screen reader hears why it is off.
    // The reason beside it, not inside: inside, it would become part of the link's name.
    return (
      <>
        <a
          className={`${classes} disabled`}
          role="link"
          aria-disabled="true"
          aria-describedby={whyId}
          tabIndex={0}
        >
          {content}
        </a>
        <span id={whyId} className="visually-hidden">
          {nothing}
        </span>
      </>
    );
  }
  // Ids are integers: the commas stay readable in the address.
  const href =
    ids.length > 0
      ? `${path}?ids=${[...ids].sort((a, b) => a - b).join(',')}`
      : `${path}${queryString(query)}`;
  return (
    <a className={classes} href={href} download>
      {content}
    </a>
  );
}
