/** The player page's notification and support sections (src/server/users/record.ts reads them). */

/** How many of each the page shows; the areas' own screens hold the rest. */
export const RECORD_LIMIT = 20;

export interface ReceivedNotification {
  id: number;
  title: string;
  received_at: string;
  read_at: string | null;
}

export interface SupportThread {
  id: number;
  subject: string;
  status: string;
  last_message_at: string;
}
