import { defineListSpec } from '../../lib/list-url';
import { NOTIFICATION_STATES } from '../../shared/notifications/notification-input';

/** The list in the URL: `?page=&record=&search=&state=`; one order, newest first. */
export const notificationListSpec = defineListSpec({
  sorts: ['-created'],
  defaultSort: '-created',
  filters: { state: NOTIFICATION_STATES },
});

/** The first characters of a message, cut on a whole character (not half an emoji). */
export function excerpt(text: string, length = 80): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()];
  return characters.length > length ? `${characters.slice(0, length - 1).join('')}…` : characters.join('');
}
