import { IconPuzzle } from '@tabler/icons-react';
import type { Labels } from '../../lib/labels';

/** The preview's heading and the phone banner's words. */
export const previewLabelKeys = {
  title: 'notifications.preview.title',
  app: 'notifications.preview.app',
  now: 'notifications.preview.now',
  empty: 'notifications.preview.empty',
} as const;

/**
 * How the message shows on a player's phone: the app's name, "now", the title in bold and the
 * message cut after a few lines, as notification banners do.
 */
export default function NotificationPreview({
  title,
  message,
  words,
}: {
  title: string;
  message: string;
  words: Labels<typeof previewLabelKeys>;
}) {
  const empty = !title.trim() && !message.trim();
  return (
    <section className="app-notification-preview" aria-labelledby="notification-preview-title">
      <h3 id="notification-preview-title" className="h6 text-body-secondary">
        {words.title}
      </h3>
      <div className="app-phone">
        <div className="app-phone-banner">
          <div className="app-phone-banner-head">
            <span className="app-phone-icon" aria-hidden="true">
              <IconPuzzle size={14} />
            </span>
            <span>{words.app}</span>
            <span className="ms-auto">{words.now}</span>
          </div>
          {empty ? (
            <p className="mb-0 text-body-secondary">{words.empty}</p>
          ) : (
            <>
              <p className="app-phone-title">{title}</p>
              <p className="app-phone-message">{message}</p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
