import { useEffect } from 'react';
import { Offcanvas } from 'react-bootstrap';
import ListStatus from '../../components/ListStatus';
import type { ListLabels } from '../../components/list-labels';
import { keepTabInside } from '../../components/keep-tab-inside';
import { useLatestRequest } from '../../components/use-latest-request';
import type { Locale } from '../../i18n/locales';
import { formatDate, formatNumber, formatTag } from '../../lib/format';
import EntityHistory from '../audit/EntityHistory';
import type { EntityHistoryLabels } from '../audit/audit-labels';
import UserPrivacyPanel, { type UserPrivacyPanelProps } from '../privacy/UserPrivacyPanel';
import UserAvatar from './UserAvatar';
import UserGameHistory from './UserGameHistory';
import UserStatusBadge from './UserStatusBadge';
import { userName } from './user-list-spec';
import { fetchUser, type UserDetail } from './users-api';
import type { UserLabels } from './users-labels';
import { auditTarget } from '../../shared/audit/vocabulary';

interface UserDetailPanelProps {
  /** The user shown; null closes the panel. */
  userId: number | null;
  /** Bumped after a write elsewhere on the screen, so the panel shows fresh figures. */
  version: number;
  locale: Locale;
  labels: UserLabels;
  listLabels: ListLabels;
  history: EntityHistoryLabels | null;
  privacy?: UserPrivacy | null;
  onHide: () => void;
}

/** What the privacy panel needs from the page, for an admin holding `users.privacy`. */
export type UserPrivacy = Pick<UserPrivacyPanelProps, 'labels' | 'erasureDelayMs'>;

/** A drawer at the end side: the profile, the counts, and the game history. */
export default function UserDetailPanel({
  userId,
  version,
  locale,
  labels,
  listLabels,
  history,
  privacy = null,
  onHide,
}: UserDetailPanelProps) {
  const detail = useLatestRequest<UserDetail | null>(null);
  const { run } = detail;
  useEffect(() => {
    if (userId !== null) void run((signal) => fetchUser(userId, signal));
  }, [userId, version, run]);

  const shown = detail.data?.user.id === userId ? detail.data : null;
  const date = (value: string | null) => (value ? formatDate(value, locale) : labels.never);
  // The email gets a row of its own: in half the panel's width an address would break mid-word.
  const facts: Array<[term: string, value: string, wide?: boolean]> | null = shown && [
    [labels.email, shown.user.email, true],
    [labels.phone, shown.user.phone ?? ''],
    [labels.joined, date(shown.user.created_at)],
    [labels.lastActive, date(shown.user.last_active_at)],
    [labels.games, formatNumber(shown.stats.games, locale)],
    [labels.wins, formatNumber(shown.stats.wins, locale)],
    [labels.lastPlayed, date(shown.stats.last_played_at)],
  ];

  return (
    <Offcanvas
      show={userId !== null}
      onHide={onHide}
      placement="end"
      onKeyDown={keepTabInside}
      className="app-user-detail"
      aria-labelledby="user-detail-title"
    >
      <Offcanvas.Header closeButton closeLabel={labels.close}>
        <Offcanvas.Title id="user-detail-title" as="h2" className="h5">
          {labels.detailTitle}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {shown && facts ? (
          <>
            <div className="d-flex align-items-center gap-3 mb-3">
              <UserAvatar user={shown.user} tag={formatTag(locale)} size="lg" />
              <div>
                <p className="h5 mb-1">{userName(shown.user)}</p>
                <UserStatusBadge status={shown.user.status} labels={labels} />
              </div>
            </div>
            <dl className="app-detail-facts">
              {facts.map(([term, value, wide]) => (
                <div key={term} className={wide ? 'app-detail-wide' : undefined}>
                  <dt>{term}</dt>
                  <dd>
                    {/* Email, phone, dates and counts are left-to-right data in any layout. */}
                    <bdi dir="ltr">{value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <UserGameHistory userId={shown.user.id} locale={locale} labels={labels} listLabels={listLabels} />
            {privacy && <UserPrivacyPanel userId={shown.user.id} locale={locale} {...privacy} />}
            {history && (
              <EntityHistory
                target={auditTarget('users', shown.user.id)}
                version={version}
                locale={locale}
                labels={history}
              />
            )}
          </>
        ) : (
          <ListStatus
            count={detail.loading ? 0 : 1}
            loading={detail.loading}
            error={detail.error}
            filtered={false}
            labels={listLabels}
            onRetry={() => userId !== null && void run((signal) => fetchUser(userId, signal))}
            onClearFilters={() => undefined}
          />
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
