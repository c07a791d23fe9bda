import { useFieldError } from '../../components/form-errors-context';
import { fill, type Labels } from '../../lib/labels';

/** The schedule's words, in the composer and in the edit form. */
export const scheduleLabelKeys = {
  later: 'notifications.schedule.later',
  date: 'notifications.schedule.date',
  time: 'notifications.schedule.time',
  zone: 'notifications.schedule.zone',
  past: 'notifications.schedule.past',
  locked: 'notifications.schedule.locked',
} as const;

export type ScheduleLabels = Labels<typeof scheduleLabelKeys>;

interface ScheduleFieldsProps {
  /** `YYYY-MM-DD` and `HH:MM` on the admin's clock. */
  defaultDate: string;
  defaultTime: string;
  /** "Europe/Paris (GMT+2)": the zone the date and time are read in. */
  zone: string;
  /** The earliest date the picker offers (today), as a hint to the browser's calendar. */
  min: string;
  words: ScheduleLabels;
}

/**
 * A date and a time in the admin's own zone (named beside them), sent as `scheduled_date` and
 * `scheduled_time`; the form turns them into the UTC `scheduled_at`, whose errors show here.
 */
export default function ScheduleFields({ defaultDate, defaultTime, zone, min, words }: ScheduleFieldsProps) {
  const { id, error, errorId, invalid } = useFieldError('scheduled_at');
  const describedBy = [`${id}-zone`, invalid ? errorId : undefined].filter(Boolean).join(' ');
  const className = `form-control${invalid ? ' is-invalid' : ''}`;
  return (
    <div className="mb-3">
      <input type="hidden" name="scheduled_at" value="" />
      <div className="d-flex flex-wrap gap-3">
        <div>
          <label htmlFor={id} className="form-label">
            {words.date}
          </label>
          <input
            id={id}
            type="date"
            name="scheduled_date"
            className={className}
            defaultValue={defaultDate}
            min={min}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="form-label">
            {words.time}
          </label>
          <input
            id={`${id}-time`}
            type="time"
            name="scheduled_time"
            className={className}
            defaultValue={defaultTime}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      <div id={`${id}-zone`} className="form-text">
        {fill(words.zone, { zone })}
      </div>
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
