import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { FormErrorsContext } from '../../components/form-errors-context';
import { focusFirstStop } from '../../components/focus-wrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import { useFormSubmit } from '../../components/use-form-submit';
import type { Locale } from '../../i18n/locales';
import { textFields } from '../../lib/form-errors';
import { formatDateTime, formatTag, formatTotal } from '../../lib/format';
import { fill, plural } from '../../lib/labels';
import type { UserPick, UserStatus } from '../../shared/users/user-input';
import AudienceFields from './AudienceFields';
import { BROADCAST_ABOVE } from '../../shared/notifications/broadcast-rule';
import {
  AUDIENCE_CHOICES,
  composerSchema,
  type AudienceChoice,
  type ComposerPrefill,
} from './composer-input';
import CounterField from './CounterField';
import { idempotencyKeys } from './idempotency-key';
import { describeZone, localZone, utcToZoned } from './local-time';
import {
  MESSAGE_MAX,
  TITLE_MAX,
  type SendNotificationInput,
} from '../../shared/notifications/notification-input';
import { countAudience, sendNotification } from './notifications-api';
import type { NotificationsScreenLabels } from './notifications-labels';
import type { SentOutcome } from './notifications-links';
import NotificationPreview from './NotificationPreview';
import ScheduleFields from './ScheduleFields';

interface NotificationComposerProps {
  show: boolean;
  prefill: ComposerPrefill;
  /** The users `prefill.userIds` names, loaded by the page. */
  prefillUsers: UserPick[];
  /** Whether the admin may send to everyone (or everyone with a status). */
  broadcast: boolean;
  locale: Locale;
  labels: Pick<
    NotificationsScreenLabels,
    | 'composer'
    | 'counter'
    | 'audience'
    | 'audienceFields'
    | 'picker'
    | 'schedule'
    | 'preview'
    | 'form'
    | 'validation'
  >;
  onSent: (outcome: SentOutcome) => void;
  onHide: () => void;
}

type Outcome = { kind: 'asked' } | ({ kind: 'sent' } & SentOutcome);

/** How far ahead a new schedule starts: the next whole five minutes after an hour from now. */
function suggestedTime(): string {
  const step = 5 * 60_000;
  return new Date(Math.ceil((Date.now() + 3_600_000) / step) * step).toISOString();
}

/**
 * "New notification": title, message, audience, optional schedule, and a preview. Checked with the
 * endpoint's own schema. Any send not to exactly one chosen user first asks, stating how many
 * users it reaches. The body goes out with an Idempotency-Key kept for that exact body, so a
 * second click or a retry after a network error creates it once.
 */
export default function NotificationComposer(props: NotificationComposerProps) {
  const { labels, locale, prefill } = props;
  const words = labels.composer;
  const zone = useMemo(localZone, []);
  const schema = useMemo(() => composerSchema(zone), [zone]);
  const [keys] = useState(() => idempotencyKeys());
  const [step, setStep] = useState<'compose' | 'confirm'>('compose');
  const [reach, setReach] = useState({
    count: 0,
    skipped: 0,
    scheduledAt: undefined as string | undefined,
  });
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  // Everyone, or everyone with a status, is a broadcast: offered only to a role that may send one.
  const choices = props.broadcast ? AUDIENCE_CHOICES : (['users'] as const);
  const [choice, setChoice] = useState<AudienceChoice>(props.broadcast ? prefill.choice : 'users');
  const [chosen, setChosen] = useState<UserPick[]>(props.prefillUsers);
  // Past 100 chosen users a send is a broadcast too: said here, before Send, which it disables.
  const overSelection = !props.broadcast && choice === 'users' && chosen.length > BROADCAST_ABOVE;
  const [status, setStatus] = useState<UserStatus>(prefill.status ?? 'active');
  const [search, setSearch] = useState(prefill.search);
  const [later, setLater] = useState(false);
  const [suggested] = useState(() => utcToZoned(suggestedTime(), zone));
  const today = useMemo(() => utcToZoned(new Date().toISOString(), zone).date, [zone]);
  const confirmText = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the new step is drawn. An effect, not a frame callback: on a busy
  // machine React may commit after the next frame, and the clicked button is gone by then.
  const focusAfterStep = useRef<'question' | 'submit' | null>(null);
  useEffect(() => {
    const target = focusAfterStep.current;
    focusAfterStep.current = null;
    if (target === 'question') confirmText.current?.focus();
    if (target === 'submit') submitButton.current?.focus();
  }, [step]);

  const form = useFormSubmit<Outcome>({
    schema,
    validation: labels.validation,
    fixFields: labels.form.fixFields,
    unreachable: labels.form.unreachable,
    extraCheck(data) {
      const found: Record<string, string> = {};
      const fields = textFields(data);
      if (fields.audience === 'users' && !fields.user_ids) found.user_ids = words.chooseSomeone;
      const body = schema.safeParse(fields);
      const at = body.success ? body.data.scheduled_at : undefined;
      // Checked again at the confirm step: time passes while someone reads the question.
      if (at && Date.parse(at) <= Date.now()) found.scheduled_at = labels.schedule.past;
      if (Object.keys(found).length) setStep('compose');
      return found;
    },
    async save(data) {
      const body = schema.parse(textFields(data)) as SendNotificationInput;
      if (step === 'compose' && body.user_ids?.length !== 1) {
        const { title: _title, message: _message, scheduled_at: _at, ...audience } = body;
        const count = await countAudience(audience);
        if (count.recipients === 0) {
          throw {
            succeeded: false,
            ResponseCode: 409,
            ResponseMessage: words.nobody,
            errors: { user_ids: words.nobody },
          };
        }
        setReach({ count: count.recipients, skipped: count.skipped, scheduledAt: body.scheduled_at });
        focusAfterStep.current = 'question';
        setStep('confirm');
        return { kind: 'asked' };
      }
      try {
        const sent = await sendNotification(body, keys.keyFor(body));
        return { kind: 'sent', result: sent.result, scheduledAt: body.scheduled_at };
      } catch (failure) {
        setStep('compose');
        throw failure;
      }
    },
    onSaved(outcome) {
      if (outcome.kind === 'asked') return;
      keys.forget();
      props.onSent(outcome);
    },
  });

  function hide() {
    if (form.busy) return;
    props.onHide();
  }

  function back() {
    focusAfterStep.current = 'submit';
    setStep('compose');
  }

  const count = formatTotal(reach.count, locale);
  const heading = step === 'confirm' ? plural(words.confirmTitle, reach.count, { count }) : words.title;
  const question = reach.scheduledAt
    ? plural(words.confirmLater, reach.count, {
        title,
        count,
        time: formatDateTime(reach.scheduledAt, locale),
      })
    : plural(words.confirmNow, reach.count, { title, count });
  return (
    <Modal
      show={props.show}
      onHide={hide}
      onKeyDown={keepTabInside}
      onEntered={focusFirstStop}
      size="lg"
      aria-labelledby={`${form.idPrefix}-dialog-title`}
    >
      <form onSubmit={form.submit} onChange={form.recheck} noValidate className="app-entity-form">
        <Modal.Header>
          <Modal.Title id={`${form.idPrefix}-dialog-title`} as="h2" className="h5">
            {heading}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {form.message && (
            <div className="alert alert-danger" role="alert">
              {form.message}
            </div>
          )}
          <FormErrorsContext.Provider value={{ idPrefix: form.idPrefix, errors: form.errors }}>
            <div className="row g-4" hidden={step === 'confirm'}>
              <div className="col-lg-7">
                <CounterField
                  name="title"
                  label={labels.counter.title}
                  max={TITLE_MAX}
                  locale={locale}
                  words={labels.counter}
                  onValue={setTitle}
                />
                <CounterField
                  name="message"
                  label={labels.counter.message}
                  max={MESSAGE_MAX}
                  multiline
                  locale={locale}
                  words={labels.counter}
                  onValue={setMessage}
                />
                <AudienceFields
                  choices={choices}
                  choice={choice}
                  onChoice={setChoice}
                  chosen={chosen}
                  onChosen={setChosen}
                  status={status}
                  onStatus={setStatus}
                  search={search}
                  onDropSearch={() => setSearch('')}
                  locale={locale}
                  words={labels.audienceFields}
                  pickerWords={labels.picker}
                  statusWords={labels.audience}
                />
                {overSelection && (
                  <div className="alert alert-warning" role="status">
                    {fill(words.needsBroadcast, { max: formatTotal(BROADCAST_ABOVE, locale) })}
                  </div>
                )}
                <div className="form-check mb-2">
                  <input
                    id={`${form.idPrefix}-later`}
                    type="checkbox"
                    className="form-check-input"
                    name="later"
                    checked={later}
                    onChange={(event) => setLater(event.currentTarget.checked)}
                  />
                  <label htmlFor={`${form.idPrefix}-later`} className="form-check-label">
                    {labels.schedule.later}
                  </label>
                </div>
                {later && (
                  <ScheduleFields
                    defaultDate={suggested.date}
                    defaultTime={suggested.time}
                    min={today}
                    zone={describeZone(zone, formatTag(locale))}
                    words={labels.schedule}
                  />
                )}
              </div>
              <div className="col-lg-5">
                <NotificationPreview title={title} message={message} words={labels.preview} />
              </div>
            </div>
          </FormErrorsContext.Provider>
          {step === 'confirm' && (
            <div ref={confirmText} tabIndex={-1} className="app-confirm-step">
              <p className="mb-2">{question}</p>
              {reach.skipped > 0 && (
                <p className="mb-0">
                  {plural(words.confirmSkipped, reach.skipped, { count: formatTotal(reach.skipped, locale) })}
                </p>
              )}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          {step === 'confirm' ? (
            <Button variant="outline-primary" onClick={back} disabled={form.busy}>
              {words.back}
            </Button>
          ) : (
            <Button variant="outline-primary" onClick={hide} disabled={form.busy}>
              {labels.form.cancel}
            </Button>
          )}
          <Button
            ref={submitButton}
            type="submit"
            variant="primary"
            disabled={form.busy || overSelection}
            aria-busy={form.busy}
          >
            {step === 'confirm'
              ? reach.scheduledAt
                ? words.schedule
                : plural(words.confirmSend, reach.count, { count })
              : later
                ? words.schedule
                : words.send}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
