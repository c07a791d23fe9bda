import { useEffect } from 'react';
import ListStatus from '../../components/ListStatus';
import { useDateOptions } from '../../components/use-date-options';
import { useLatestRequest } from '../../components/use-latest-request';
import type { Locale } from '../../i18n/locales';
import type { ListResult } from '../../lib/envelope';
import { fetchList } from '../../lib/fetch-list';
import { formatDateTime } from '../../lib/format';
import { fill } from '../../lib/labels';
import { queryString } from '../../lib/list-url';
import { ActionCell, detailFormats } from './AuditCells';
import type { AuditRow } from '../../shared/audit/audit-input';
import type { EntityHistoryLabels } from './audit-labels';

/** The latest entries a panel shows; the link opens the rest on /audit. */
export const HISTORY_ENTRIES = 5;

const none: ListResult<AuditRow> = { list: [], total: 0, page: 0, record: HISTORY_ENTRIES, search: '' };
const first = { page: 0, record: HISTORY_ENTRIES, sort: 'newest', search: '', filters: {} };

function fetchHistory(target: string, signal: AbortSignal) {
  return fetchList('/api/admin/getaudit', first, signal, {
    page: 0,
    record: HISTORY_ENTRIES,
    target,
  });
}

interface EntityHistoryListProps {
  target: string;
  /** Bumped after a save elsewhere on the screen, so the newest entry shows. */
  version?: number;
  locale: Locale;
  labels: EntityHistoryLabels;
}

/** One thing's latest audit entries, in words, newest first (loaded when its panel first opens). */
export default function EntityHistoryList({ target, version, locale, labels }: EntityHistoryListProps) {
  const history = useLatestRequest(none);
  const { run, data } = history;
  const dates = useDateOptions();
  const formats = detailFormats(locale, dates);
  useEffect(() => {
    void run((signal) => fetchHistory(target, signal));
  }, [target, version, run]);

  return (
    <div aria-busy={history.loading}>
      {data.list.length > 0 && (
        <ol className="list-unstyled app-entity-history-list mb-2">
          {data.list.map((entry) => (
            <li key={entry.id} className="mb-2">
              <ActionCell
                action={entry.action}
                detail={entry.detail}
                actions={labels.actions}
                words={labels.activity}
                formats={formats}
              />
              <span className="d-block small text-body-secondary">
                {fill(labels.history.by, {
                  name: entry.admin_name ?? labels.history.server,
                  time: formatDateTime(entry.at, locale, dates),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
      <ListStatus
        count={data.list.length}
        loading={history.loading}
        error={history.error}
        filtered={false}
        emptyText={labels.history.empty}
        labels={labels.list}
        onRetry={() => void run((signal) => fetchHistory(target, signal))}
        onClearFilters={() => undefined}
      />
      {data.total > 0 && (
        <a className="small" href={`/audit${queryString(new URLSearchParams({ target }))}`}>
          {labels.history.all}
        </a>
      )}
    </div>
  );
}
