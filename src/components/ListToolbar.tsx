import type { ReactNode } from 'react';
import ListSearch from './ListSearch';

interface ListToolbarProps {
  /** The search box's id (unique per screen) and label. */
  searchId: string;
  searchLabel: string;
  /** The remote list's search text and setter (useRemoteList's `searchText` / `setSearch`). */
  search: string;
  onSearch: (text: string) => void;
  /** The screen's actions ("Invite administrator", "Create key"), at the row's end. */
  children: ReactNode;
}

/** Above a remote list: its search box, and the screen's actions at the end. */
export default function ListToolbar({ searchId, searchLabel, search, onSearch, children }: ListToolbarProps) {
  return (
    <div className="app-list-toolbar">
      <ListSearch id={searchId} label={searchLabel} value={search} onChange={onSearch} />
      <div className="d-flex flex-wrap gap-2 ms-md-auto">{children}</div>
    </div>
  );
}
