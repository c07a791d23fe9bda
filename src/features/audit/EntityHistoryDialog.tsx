import { lazy, Suspense } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import { keepTabInside } from '../../components/keep-tab-inside';
import type { Locale } from '../../i18n/locales';
import type { EntityHistoryLabels } from './audit-labels';
import type { AuditTarget } from '../../shared/audit/vocabulary';
import { focusFirstStop } from '../../components/focus-wrap';

// Loaded when a history is first asked for, like the panel's.
const EntityHistoryList = lazy(() => import('./EntityHistoryList'));

interface EntityHistoryDialogProps {
  /** The audit target shown (`admins:2`); null closes the dialog. */
  target: AuditTarget | null;
  title: string;
  locale: Locale;
  labels: EntityHistoryLabels;
  onHide: () => void;
}

/** A thing's history from the audit trail in a dialog, for a list row that has no panel of its own. */
export default function EntityHistoryDialog({
  target,
  title,
  locale,
  labels,
  onHide,
}: EntityHistoryDialogProps) {
  return (
    <Modal
      show={target !== null}
      onHide={onHide}
      onEntered={focusFirstStop}
      onKeyDown={keepTabInside}
      aria-labelledby="history-dialog-title"
    >
      <Modal.Header closeButton closeLabel={labels.history.close}>
        <Modal.Title id="history-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {target && (
          <Suspense fallback={<Spinner animation="border" size="sm" role="status" aria-label={title} />}>
            <EntityHistoryList target={target} locale={locale} labels={labels} />
          </Suspense>
        )}
      </Modal.Body>
    </Modal>
  );
}
