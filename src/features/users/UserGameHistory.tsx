import { useEffect } from 'react';
import CellText from '../../components/CellText';
import RelativeTime from '../../components/RelativeTime';
import ListPager from '../../components/ListPager';
import ListStatus from '../../components/ListStatus';
import type { ListLabels } from '../../components/list-labels';
import { useLatestRequest } from '../../components/use-latest-request';
import type { Locale } from '../../i18n/locales';
import type { ListResult } from '../../lib/envelope';
import { formatDuration, formatNumber } from '../../lib/format';
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
      {/* Cards, not a table: the panel is a phone's width at most, and five columns there either
          scrolled sideways or wrapped each date over three lines. */}
      {data.list.length > 0 && (
        <ul className="app-play-list">
          {data.list.map((play) => (
            <li key={play.id} className="app-play">
              <div className="app-play-head">
                <CellText text={play.puzzle_title} className="fw-medium" />
                <RelativeTime value={play.played_at} locale={locale} dates={{}} />
              </div>
              <dl className="app-play-facts">
                <div>
                  <dt>{labels.result}</dt>
                  <dd>{labels[play.result]}</dd>
                </div>
                <div>
                  <dt>{labels.score}</dt>
                  <dd>{formatNumber(play.score, locale)}</dd>
                </div>
                <div>
                  <dt>{labels.duration}</dt>
                  <dd>{formatDuration(play.duration)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
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
