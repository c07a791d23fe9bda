import ListFooter from '../../components/ListFooter';
import ListTable, { type ListColumn } from '../../components/ListTable';
import { useDateOptions } from '../../components/use-date-options';
import { useRemoteList } from '../../components/use-remote-list';
import type { Locale } from '../../i18n/locales';
import type { ListResult } from '../../lib/envelope';
import { formatDateTime } from '../../lib/format';
import type { ListState } from '../../lib/list-url';
import type { ActivityListLabels } from './account-labels';
import { fetchActivity } from './activity-api';
import type { ActivityRow } from './activity-input';
import { activityListSpec } from './activity-list-spec';
import { ActionCell, TargetCell, detailFormats } from './ActivityCells';

interface Props {
  initialState: ListState<'newest', never>;
  initialResult: ListResult<ActivityRow> | null;
  locale: Locale;
  labels: ActivityListLabels;
}

/** The admin's own audit entries, newest first, in words; paged through the URL. */
export default function ActivityList({ initialState, initialResult, locale, labels }: Props) {
  const words = labels.activity;
  const list = useRemoteList({ spec: activityListSpec, initialState, initialResult, load: fetchActivity });
  const { state, result } = list;
  const dates = useDateOptions();
  const formats = detailFormats(locale, dates);

  const columns: ListColumn<ActivityRow>[] = [
    {
      key: 'at',
      header: words.at,
      cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, locale, dates)}</time>,
      className: 'text-nowrap',
    },
    {
      key: 'action',
      header: words.action,
      rowHeader: true,
      cell: (row) => (
        <ActionCell
          action={row.action}
          detail={row.detail}
          actions={labels.actions}
          words={words}
          formats={formats}
        />
      ),
    },
    {
      key: 'target',
      header: words.target,
      cell: (row) => <TargetCell target={row.target} name={row.target_name} words={words} />,
    },
    { key: 'ip', header: words.ip, cell: (row) => row.ip ?? '', className: 'text-nowrap' },
  ];

  return (
    <div className="app-list">
      <ListTable
        caption={words.caption}
        columns={columns}
        rows={result.list}
        sort={state.sort}
        onSort={() => undefined}
        busy={list.loading}
        labels={labels.list}
      />
      <ListFooter
        list={list}
        emptyText={words.empty}
        locale={locale}
        idPrefix="activity"
        labels={labels.list}
      />
    </div>
  );
}
