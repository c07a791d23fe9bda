/**
 * What a state means, and so its colour (README, "The look"): success for live, danger for
 * blocked, warning for waiting, info for under way, neutral for retired.
 */
export type StatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

/**
 * A state as a soft pill, the same on every screen: the word carries the meaning, the colour only
 * repeats it. Each area says which tone each of its states takes.
 */
export default function StatusBadge({ tone, label }: { tone: StatusTone; label: string }) {
  return <span className={`badge rounded-pill app-badge-${tone}`}>{label}</span>;
}
