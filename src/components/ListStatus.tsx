import { describeFailure } from '../lib/api-failure';
import type { ListLabels } from './list-labels';

/**
 * The action that fills an empty list: the same as the toolbar's (a label and what it does), with
 * the words that say so ("No users yet. Add the first one."). Offered only to an admin who may.
 */
export interface EmptyAction {
  text: string;
  label: string;
  onClick: () => void;
}

/** "Nothing yet", and what to do next with the button that does it: every empty list alike. */
export function ListEmpty({ text, action }: { text: string; action?: Omit<EmptyAction, 'text'> }) {
  return (
    <div className="app-list-empty">
      <p className="mb-2">{text}</p>
      {action && (
        <button type="button" className="btn btn-sm btn-primary" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}

interface ListStatusProps {
  /** Rows on this page. */
  count: number;
  loading: boolean;
  error: unknown;
  /** A search or filter is on, so an empty answer means "no match" rather than "nothing yet". */
  filtered: boolean;
  labels: Pick<
    ListLabels,
    'loading' | 'empty' | 'noMatch' | 'clearFilters' | 'error' | 'retry' | 'unreachable'
  >;
  /** Overrides `labels.empty` with the screen's own words ("No users yet"), for who may not add. */
  emptyText?: string;
  /** Replaces `emptyText` with its own words and button, for who may add. */
  emptyAction?: EmptyAction | false;
  onRetry: () => void;
  onClearFilters: () => void;
}

/**
 * What a list says besides its rows: a thin bar while loading (the old rows stay), an error with
 * Retry, "nothing yet" or "no match" with a way out. The live region announces each change.
 */
export default function ListStatus(props: ListStatusProps) {
  const { labels, error, count, loading } = props;
  let message = null;
  if (error) {
    const failure = describeFailure(error, labels.unreachable);
    message = (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mt-3 mb-0" role="alert">
        <span className="me-auto">
          {labels.error} {failure.message}
        </span>
        <button type="button" className="btn btn-sm btn-danger" onClick={props.onRetry}>
          {labels.retry}
        </button>
      </div>
    );
  } else if (count === 0 && !loading && props.filtered) {
    message = (
      <div className="app-list-empty">
        <p className="mb-2">{labels.noMatch}</p>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={props.onClearFilters}>
          {labels.clearFilters}
        </button>
      </div>
    );
  } else if (count === 0 && !loading) {
    const action = props.emptyAction || undefined;
    message = <ListEmpty text={action?.text ?? props.emptyText ?? labels.empty} action={action} />;
  }
  return (
    <>
      <div className="app-list-progress" data-active={loading ? 'true' : undefined} aria-hidden="true" />
      <div className="visually-hidden" role="status">
        {loading ? labels.loading : ''}
      </div>
      {message}
    </>
  );
}
