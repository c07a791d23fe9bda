import { useState } from 'react';
import FilterSwitch from '../../components/FilterSwitch';
import ListFilter from '../../components/ListFilter';
import ListFooter from '../../components/ListFooter';
import ListToolbar from '../../components/ListToolbar';
import { useDateOptions } from '../../components/use-date-options';
import { useRemoteList, type ListScreenProps } from '../../components/use-remote-list';
import { queryString } from '../../lib/list-url';
import { fetchSupport } from './support-api';
import { SUPPORT_STATUSES, type SupportRow, type SupportSort } from '../../shared/support/support-input';
import type { SupportScreenLabels } from './support-labels';
import { OPEN_PARAM, supportListSpec } from './support-list-spec';
import SupportTable from './SupportTable';
import SupportThreadPanel from './SupportThreadPanel';
import { useNow } from '../../components/use-now';
import type { SupportGrants } from './support-grants';
import './support.scss';

export interface SupportScreenProps extends ListScreenProps<
  SupportRow,
  SupportSort,
  'status' | 'assignee' | 'waiting',
  SupportScreenLabels
> {
  /** `?open=<id>` on arrival. */
  openId: number | null;
  /** When the server rendered the page (epoch ms): "waiting 3 hours" reads the same once hydrated. */
  renderedAt: number;
  /** What the admin's role allows here; the rest is left out. */
  can: SupportGrants;
}

/** The thread shown lives in the address too (`?open=`), beside the list's own keys. */
function useOpenParam(initial: number | null) {
  const [open, setOpen] = useState(initial);
  function change(id: number | null) {
    setOpen(id);
    const params = new URLSearchParams(window.location.search);
    if (id === null) params.delete(OPEN_PARAM);
    else params.set(OPEN_PARAM, String(id));
    window.history.replaceState(window.history.state, '', window.location.pathname + queryString(params));
  }
  return [open, change] as const;
}

/** The /help-center screen: queries with search, status and "assigned to me" filters, and a thread panel. */
export default function SupportScreen(props: SupportScreenProps) {
  const { labels, locale } = props;
  const words = labels.support;
  const list = useRemoteList({
    spec: supportListSpec,
    initialState: props.initialState,
    initialResult: props.initialResult,
    load: fetchSupport,
  });
  const dates = useDateOptions();
  const now = useNow(props.renderedAt);
  const [open, setOpen] = useOpenParam(props.openId);

  return (
    <div className="app-list">
      <ListToolbar
        searchId="support-search"
        searchLabel={words.search}
        search={list.searchText}
        onSearch={list.setSearch}
      >
        <ListFilter
          id="support-status"
          label={words.statusFilter}
          allLabel={words.allStatuses}
          value={list.state.filters.status}
          options={SUPPORT_STATUSES.map((status) => ({ value: status, label: labels.statuses[status] }))}
          onChange={(value) => list.setFilter('status', value)}
        />
        <FilterSwitch
          id="support-mine"
          label={words.mine}
          checked={list.state.filters.assignee === 'mine'}
          onChange={(on) => list.setFilter('assignee', on ? 'mine' : '')}
        />
        <FilterSwitch
          id="support-waiting"
          label={words.waiting24h}
          checked={list.state.filters.waiting === '24h'}
          onChange={(on) => list.setFilter('waiting', on ? '24h' : '')}
        />
      </ListToolbar>
      <SupportTable
        rows={list.result.list}
        busy={list.loading}
        locale={locale}
        now={now}
        dates={dates}
        labels={labels}
        onOpen={(row) => setOpen(row.id)}
      />
      <ListFooter
        list={list}
        emptyText={words.empty}
        locale={locale}
        idPrefix="support"
        labels={labels.list}
      />
      <SupportThreadPanel
        queryId={open}
        locale={locale}
        now={now}
        dates={dates}
        labels={labels}
        can={props.can}
        onHide={() => setOpen(null)}
        onChanged={() => void list.reload()}
      />
    </div>
  );
}
