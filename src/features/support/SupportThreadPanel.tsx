import type { SupportGrants } from './support-grants';
import { useEffect, useState } from 'react';
import { Offcanvas } from 'react-bootstrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import ListStatus from '../../components/ListStatus';
import { useLatestRequest } from '../../components/use-latest-request';
import type { Locale } from '../../i18n/locales';
import { describeFailure } from '../../lib/api-failure';
import { formatDateTime, formatRelative, type DateFormatOptions } from '../../lib/format';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import * as supportApi from './support-api';
import type { SupportThread } from '../../shared/support/support-input';
import type { SupportScreenLabels } from './support-labels';
import SupportMessageList from './SupportMessageList';
import SupportReplyBox from './SupportReplyBox';
import SupportStatusButtons from './SupportStatusButtons';
import SupportStatusBadge from './SupportStatusBadge';

interface SupportThreadPanelProps {
  /** The query shown; null closes the panel. */
  queryId: number | null;
  locale: Locale;
  now: number;
  dates: DateFormatOptions;
  labels: Pick<
    SupportScreenLabels,
    'thread' | 'threadStatus' | 'statuses' | 'messages' | 'reply' | 'list' | 'validation'
  >;
  /** Without `reply`: no status changes, replies, notes or resends; without `assign`, the assignee is read-only. */
  can: SupportGrants;
  onHide: () => void;
  /** After any change, so the list behind shows the new status, assignee and counts. */
  onChanged: () => void;
}

/** A drawer at the end side: the query, its thread, and every action on it. */
export default function SupportThreadPanel(props: SupportThreadPanelProps) {
  const { queryId, labels, locale } = props;
  const words = labels.thread;
  const thread = useLatestRequest<SupportThread | null>(null);
  const [busy, setBusy] = useState(false);
  const { run, setData } = thread;
  useEffect(() => {
    if (queryId !== null) void run((signal) => supportApi.fetchThread(queryId, signal));
  }, [queryId, run]);

  const shown = thread.data?.query.id === queryId ? thread.data : null;

  /** Runs a change; its answer holds the fresh thread, so nothing is fetched again. */
  async function act<T extends SupportThread>(
    change: () => Promise<supportApi.Changed<T>>,
    severity: (body: T) => 'success' | 'warning' = () => 'success',
  ): Promise<void> {
    setBusy(true);
    try {
      const { body, message } = await change();
      setData(body);
      showSnackbar({ message, severity: severity(body) });
      props.onChanged();
    } finally {
      setBusy(false);
    }
  }
  const failed = (error: unknown) =>
    showSnackbar({ message: describeFailure(error, labels.list.unreachable).message, severity: 'error' });
  const mailSeverity = (body: { mail: string }) => (body.mail === 'sent' ? 'success' : 'warning');

  function body(data: SupportThread) {
    const { query } = data;
    const current = query.assignee;
    const choices =
      current && !data.assignees.some((admin) => admin.id === current.id)
        ? [current, ...data.assignees]
        : data.assignees;
    return (
      <>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <SupportStatusBadge status={query.status} labels={labels.statuses} />
          <span className="small text-body-secondary">
            {query.waiting_since ? (
              <time
                dateTime={query.waiting_since}
                title={formatDateTime(query.waiting_since, locale, props.dates)}
              >
                {fill(words.waitingFor, { time: formatRelative(query.waiting_since, locale, props.now) })}
              </time>
            ) : query.status === 'resolved' ? (
              words.done
            ) : (
              words.answered
            )}
          </span>
        </div>
        <p className="mb-3">
          {/* Isolated: "name <email>" keeps its order in a right-to-left layout. */}
          {words.from}{' '}
          {query.user ? <bdi>{`${query.user.name} <${query.user.email}>`}</bdi> : words.formerUser}
        </p>
        {props.can.reply && (
          <SupportStatusButtons
            status={query.status}
            busy={busy}
            labels={labels.threadStatus}
            onChange={(next) => act(() => supportApi.changeSupportStatus(query.id, next)).catch(failed)}
          />
        )}
        <div className="mb-3">
          <label htmlFor="support-assignee" className="form-label">
            {words.assignee}
          </label>
          <select
            id="support-assignee"
            className="form-select"
            value={current?.id ?? ''}
            disabled={busy || !props.can.assign}
            onChange={(event) => {
              const value = event.currentTarget.value;
              void act(() => supportApi.assignSupport(query.id, value ? Number(value) : null)).catch(failed);
            }}
          >
            <option value="">{words.unassigned}</option>
            {choices.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.name}
              </option>
            ))}
          </select>
        </div>
        <SupportMessageList
          query={query}
          messages={data.messages}
          locale={locale}
          dates={props.dates}
          labels={labels.messages}
          busy={busy}
          onResend={
            props.can.reply
              ? (message) => act(() => supportApi.resendReply(message.id), mailSeverity).catch(failed)
              : undefined
          }
        />
        {props.can.reply && (
          <SupportReplyBox
            key={query.id}
            queryId={query.id}
            labels={labels.reply}
            required={labels.validation.required}
            unreachable={labels.list.unreachable}
            onReply={(message, key) =>
              act(() => supportApi.replySupport(query.id, message, key), mailSeverity)
            }
            onNote={(message) => act(() => supportApi.noteSupport(query.id, message))}
          />
        )}
      </>
    );
  }

  return (
    <Offcanvas
      show={queryId !== null}
      onHide={props.onHide}
      placement="end"
      onKeyDown={keepTabInside}
      className="app-support-panel"
      aria-labelledby="support-thread-title"
    >
      <Offcanvas.Header closeButton closeLabel={words.close}>
        <Offcanvas.Title id="support-thread-title" as="h2" className="h5">
          {shown?.query.subject ?? words.title}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {shown ? (
          body(shown)
        ) : (
          <ListStatus
            count={thread.loading ? 0 : 1}
            loading={thread.loading}
            error={thread.error}
            filtered={false}
            labels={labels.list}
            onRetry={() => queryId !== null && void run((signal) => supportApi.fetchThread(queryId, signal))}
            onClearFilters={() => undefined}
          />
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
