import { useEffect } from 'react';
import ListPager from '../../components/ListPager';
import ListStatus from '../../components/ListStatus';
import type { ListLabels } from '../../components/list-labels';
import { useLatestRequest } from '../../components/use-latest-request';
import type { Locale } from '../../i18n/locales';
import type { ListResult } from '../../lib/envelope';
import { formatDateTime, formatDuration, formatNumber } from '../../lib/format';
import type { GamePlayRow } from '../../shared/games/game-input';
import { fetchGameHistory, HISTORY_RECORD } from '../games/games-api';
import type { UserLabels } from './users-labels';

interface UserGameHistoryProps {
  userId: number;
  locale: Locale;
  labels: UserLabels;
  listLabels: ListLabels;
  /** The heading's level: 3 inside the details panel, 2 on the player page. */
  level?: 2 | 3;
}

const none: ListResult<GamePlayRow> = { list: [], total: 0, page: 0, record: HISTORY_RECORD, search: '' };

/** One user's plays, newest first, ten at a time (inside the detail panel, so not in the URL). */
export default function UserGameHistory({
  userId,
  locale,
  labels,
  listLabels,
  level = 3,
}: UserGameHistoryProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const history = useLatestRequest(none);
  const { run, data } = history;
  const load = (page: number) => run((signal) => fetchGameHistory(userId, page, signal));

  useEffect(() => {
    void run((signal) => fetchGameHistory(userId, 0, signal));
  }, [userId, run]);

  return (
    <section aria-labelledby="user-history-title" aria-busy={history.loading}>
      <Heading id="user-history-title" className={level === 2 ? 'h5' : 'h6 mt-4'}>
        {labels.history}
      </Heading>
      {data.list.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">{labels.puzzle}</th>
                <th scope="col">{labels.result}</th>
                <th scope="col" className="text-end">
                  {labels.score}
                </th>
                <th scope="col" className="text-end">
                  {labels.duration}
                </th>
                <th scope="col">{labels.played}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((play) => (
                <tr key={play.id}>
                  <th scope="row" className="fw-normal">
                    {play.puzzle_title}
                  </th>
                  <td>{labels[play.result]}</td>
                  <td className="text-end">{formatNumber(play.score, locale)}</td>
                  <td className="text-end text-nowrap">{formatDuration(play.duration)}</td>
                  {/* May wrap between date and time: the panel is narrow, and no column is cut. */}
                  <td>{formatDateTime(play.played_at, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListStatus
        count={data.list.length}
        loading={history.loading}
        error={history.error}
        filtered={false}
        emptyText={labels.noHistory}
        labels={listLabels}
        onRetry={() => void load(data.page)}
        onClearFilters={() => undefined}
      />
      {data.total > HISTORY_RECORD && (
        <ListPager
          page={data.page}
          record={HISTORY_RECORD}
          total={data.total}
          count={data.list.length}
          locale={locale}
          idPrefix="user-history"
          labels={listLabels}
          onPage={(page) => void load(page)}
        />
      )}
    </section>
  );
}
