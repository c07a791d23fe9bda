import { lazy, Suspense, useId, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import type { Locale } from '../../i18n/locales';
import type { EntityHistoryLabels } from './audit-labels';
import type { AuditTarget } from '../../shared/audit/vocabulary';

// Most panels are opened to edit, not to read the trail: its list and words load on first use.
const EntityHistoryList = lazy(() => import('./EntityHistoryList'));

export interface EntityHistoryProps {
  /** The audit target: `users:12`, `puzzles:3`, `content:about-us:fr` (`auditTarget`). */
  target: AuditTarget;
  version?: number;
  locale: Locale;
  labels: EntityHistoryLabels;
  /** The heading's level where the panel sits: 3 inside a panel or dialog, 2 on a page. */
  level?: 2 | 3;
}

/**
 * A thing's history from the audit trail: a heading and a Show button, then the latest entries in
 * words and a link to the rest on /audit. Rendered only for admins holding `audit.view`.
 */
export default function EntityHistory({ level = 3, ...props }: EntityHistoryProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const words = props.labels.history;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="app-entity-history mt-4" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="h6 mb-1">
        {words.title}
      </Heading>
      <button
        type="button"
        className="btn btn-link btn-sm p-0"
        aria-expanded={open}
        aria-controls={`${id}-entries`}
        onClick={() => setOpen(!open)}
      >
        {open ? words.hide : words.show}
      </button>
      <div id={`${id}-entries`} className="mt-2" hidden={!open}>
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
