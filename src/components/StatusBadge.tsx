/**
 * A status as a pill (users, puzzles): the word carries the meaning, the colour only repeats it.
 * Each status has its `app-status-<status>` colours in styles/_list.scss.
 */
export default function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`badge rounded-pill app-status-${status}`}>{label}</span>;
}
