import { IconDownload } from '@tabler/icons-react';
import { queryString } from '../lib/list-url';

interface ExportLinkProps {
  /** The export endpoint (`/api/admin/exportusers`). */
  path: string;
  /** The list's filters as the endpoint takes them: the file holds what the list shows. */
  query: URLSearchParams;
  label: string;
  className?: string;
}

/** "Export CSV": a plain download link to a list's streamed export, with its filters. */
export default function ExportLink({ path, query, label, className = '' }: ExportLinkProps) {
  return (
    <a
      className={`btn btn-outline-primary ${className}`.trim()}
      href={`${path}${queryString(query)}`}
      download
    >
      <IconDownload size={18} aria-hidden="true" />
      <span>{label}</span>
    </a>
  );
}
