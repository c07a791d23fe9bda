import { IconDownload } from '@tabler/icons-react';
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
  className?: string;
}

/** "Export CSV": a plain download link to a list's streamed export, with its filters or selection. */
export default function ExportLink({ path, query, ids = [], label, className = '' }: ExportLinkProps) {
  // Ids are integers: the commas stay readable in the address.
  const href =
    ids.length > 0
      ? `${path}?ids=${[...ids].sort((a, b) => a - b).join(',')}`
      : `${path}${queryString(query)}`;
  return (
    <a className={`btn btn-outline-primary ${className}`.trim()} href={href} download>
      <IconDownload size={18} aria-hidden="true" />
      <span>{label}</span>
    </a>
  );
}
