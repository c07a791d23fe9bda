import ListFooter from '../../components/ListFooter';
import ListTable from '../../components/ListTable';
import { useDateOptions } from '../../components/use-date-options';
import { useRemoteList } from '../../components/use-remote-list';
import type { Locale } from '../../i18n/locales';
import type { ListResult } from '../../lib/envelope';
import type { ListState } from '../../lib/list-url';
import type { ActivityListLabels } from './account-labels';
import { fetchActivity } from './activity-api';
import type { ActivityRow } from '../../shared/account/activity-input';
import { activityListSpec } from './activity-list-spec';
import { entryColumns } from '../audit/AuditCells';

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
  const entry = entryColumns<ActivityRow>({ headers: words, actions: labels.actions, words, locale, dates });
  const columns = [entry.at, entry.action, entry.target, entry.ip];

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
