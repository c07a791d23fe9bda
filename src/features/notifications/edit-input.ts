import * as z from 'zod/mini';
import { zonedToUtc } from './local-time';
import { UpdateNotificationInput } from '../../shared/notifications/notification-input';

/**
 * The edit form's flat fields → the body of `update-notification`: the text always, the time
 * only when the form shows it (a notification still scheduled).
 */
export function editBody(fields: Record<string, string>, zone: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: fields.id,
    title: fields.title ?? '',
    message: fields.message ?? '',
  };
  if (fields.scheduled_date !== undefined || fields.scheduled_time !== undefined) {
    body.scheduled_at =
      zonedToUtc(fields.scheduled_date ?? '', fields.scheduled_time ?? '', zone) ?? 'invalid';
  }
  return body;
}

export function editSchema(zone: string) {
  return z.pipe(
    z.transform((fields: unknown) => editBody(fields as Record<string, string>, zone)),
    UpdateNotificationInput,
  );
}
