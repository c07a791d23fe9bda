import { IconBan, IconCircleCheck, IconEye, IconPencil } from '@tabler/icons-react';
import EmailAddress from '../../components/EmailAddress';
import RelativeTime from '../../components/RelativeTime';
import RowActionButton from '../../components/RowActionButton';
import ListTable, { rowActions, type ListColumn } from '../../components/ListTable';
import type { ListLabels } from '../../components/list-labels';
import type { RowSelection } from '../../components/use-row-selection';
import type { Locale } from '../../i18n/locales';
import { formatDate, formatNumber, formatTag, type DateFormatOptions } from '../../lib/format';
import { fill } from '../../lib/labels';
import UserAvatar from './UserAvatar';
import UserStatusBadge from './UserStatusBadge';
import type { UserRow } from '../../shared/users/user-input';
import { userName } from './user-list-spec';
import CellText from '../../components/CellText';
import { playerLink } from './users-links';
import type { UserLabels } from './users-labels';

interface UsersTableProps {
  rows: readonly UserRow[];
  sort: string;
  onSort: (sort: string) => void;
  busy: boolean;
  /** Left out when the admin may take no action on a selection. */
  selection?: RowSelection;
  locale: Locale;
  dates: DateFormatOptions;
  labels: UserLabels;
  listLabels: ListLabels;
  /** Each left out when the admin's role does not allow it. */
  onEdit?: (user: UserRow) => void;
  onToggleStatus?: (user: UserRow) => void;
  onDetails: (user: UserRow) => void;
}

export default function UsersTable(props: UsersTableProps) {
  const { labels, locale, dates } = props;
  const tag = formatTag(locale);
  const date = (value: string | null) => (value ? formatDate(value, locale, dates) : labels.never);
  const columns: ListColumn<UserRow>[] = [
    {
      key: 'avatar',
      header: labels.avatar,
      hideHeader: true,
      cell: (user) => <UserAvatar user={user} tag={tag} />,
      fit: true,
    },
    {
      key: 'name',
      header: labels.name,
      rowHeader: true,
      sort: { ascending: 'name', descending: '-name' },
      // The player's whole record; the eye button keeps the quick view.
      cell: (user) => (
        <a className="app-list-link" href={playerLink(user.id)}>
          <CellText text={userName(user)} />
        </a>
      ),
      className: 'fw-medium',
      ellipsis: true,
    },
    {
      key: 'email',
      header: labels.email,
      cell: (user) => <EmailAddress address={user.email} />,
      ellipsis: true,
    },
    {
      key: 'phone',
      header: labels.phone,
      // A phone number keeps its reading order in a right-to-left layout.
      cell: (user) => (user.phone ? <bdi dir="ltr">{user.phone}</bdi> : ''),
      fit: true,
      giveWay: 'first',
    },
    {
      key: 'status',
      header: labels.status,
      cell: (user) => <UserStatusBadge status={user.status} labels={labels} />,
      fit: true,
    },
    {
      key: 'games',
      header: labels.games,
      cell: (user) => formatNumber(user.games_played, locale),
      className: 'text-end',
      fit: true,
      giveWay: 'first',
    },
    {
      key: 'joined',
      header: labels.joined,
      sort: { ascending: 'joined', descending: '-joined' },
      cell: (user) => date(user.created_at),
      fit: true,
      giveWay: 'next',
    },
    {
      key: 'last_active',
      header: labels.lastActive,
      sort: { ascending: 'last_active', descending: '-last_active' },
      // A moment reads best as how long ago; the exact time is its hover tip.
      cell: (user) =>
        user.last_active_at ? (
          <RelativeTime value={user.last_active_at} locale={locale} dates={dates} />
        ) : (
          labels.never
        ),
      fit: true,
      giveWay: 'next',
    },
    {
      key: 'actions',
      header: labels.actions,
      hideHeader: true,
      cell: (user) => actions(user),
      className: 'text-end',
      fit: true,
      dropWhenEmpty: true,
    },
  ];

  function actions(user: UserRow) {
    const name = userName(user);
    const blocked = user.status === 'blocked';
    return rowActions(
      props.onEdit && (
        <RowActionButton
          label={fill(labels.edit, { name })}
          title={labels.editTitle}
          icon={IconPencil}
          onClick={() => props.onEdit?.(user)}
        />
      ),
      props.onToggleStatus && (
        <RowActionButton
          label={fill(blocked ? labels.unblockUser : labels.blockUser, { name })}
          icon={blocked ? IconCircleCheck : IconBan}
          onClick={() => props.onToggleStatus?.(user)}
        />
      ),
      <RowActionButton
        label={fill(labels.details, { name })}
        title={labels.detailTitle}
        icon={IconEye}
        onClick={() => props.onDetails(user)}
      />,
    );
  }

  return (
    <ListTable
      caption={labels.caption}
      columns={columns}
      rows={props.rows}
      sort={props.sort}
      onSort={props.onSort}
      busy={props.busy}
      labels={props.listLabels}
      selection={props.selection}
      rowName={userName}
      onOpen={props.onDetails}
    />
  );
}
