import { lazy, Suspense, useId, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import type { Locale } from '../../i18n/locales';
import type { EntityHistoryLabels } from './audit-labels';

// Most panels are opened to edit, not to read the trail: its list and words load on first use.
const EntityHistoryList = lazy(() => import('./EntityHistoryList'));

export interface EntityHistoryProps {
  /** The audit target: `user:12`, `puzzle:3`, `notification:9`, `about-us:fr`, `admin:2`. */
  target: string;
  version?: number;
  locale: Locale;
  labels: EntityHistoryLabels;
}

/**
 * A thing's history from the audit trail, behind a disclosure button: the latest entries in words
 * and a link to the rest on /audit. Rendered only for admins holding `audit.view`.
 */
export default function EntityHistory(props: EntityHistoryProps) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const words = props.labels.history;
  return (
    <section className="app-entity-history mt-3" aria-label={words.title}>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen(!open)}
      >
        {open ? words.hide : words.show}
      </button>
      <div id={regionId} className="mt-2" hidden={!open}>
        {open && (
          <Suspense
            fallback={<Spinner animation="border" size="sm" role="status" aria-label={words.title} />}
          >
            <EntityHistoryList {...props} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
