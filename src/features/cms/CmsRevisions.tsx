import { useEffect, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import ListPager from '../../components/ListPager';
import { useLatestRequest } from '../../components/use-latest-request';
import { useDateOptions } from '../../components/use-date-options';
import { describeFailure } from '../../lib/api-failure';
import type { ListResult } from '../../lib/envelope';
import { formatDateTime } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { Locale } from '../../i18n/locales';
import { fetchRevision, fetchRevisions, restoreRevision, type CmsSaved } from './cms-api';
import type { CmsRevisionDetail, CmsRevisionRow } from '../../shared/cms/cms-input';
import type { CmsScreenLabels } from './cms-labels';
import type { CmsSlug } from '../../shared/cms/cms-slugs';
import CmsRevisionView from './CmsRevisionView';

interface CmsRevisionsProps {
  slug: CmsSlug;
  locale: Locale;
  uiLocale: Locale;
  /** Changes on every save or restore, so the list reloads. */
  version: string;
  labels: CmsScreenLabels;
  onRestored: (saved: CmsSaved) => void;
}

/** A language version's saves, newest first: view one with its diff, and restore it after asking. */
export default function CmsRevisions({
  slug,
  locale,
  uiLocale,
  version,
  labels,
  onRestored,
}: CmsRevisionsProps) {
  const words = labels.cms;
  const dateOptions = useDateOptions();
  const [page, setPage] = useState(0);
  const revisions = useLatestRequest<ListResult<CmsRevisionRow> | null>(null);
  const result = revisions.data;
  const [viewError, setViewError] = useState<string | null>(null);
  const listError = revisions.error
    ? describeFailure(revisions.error, labels.form.unreachable).message
    : null;
  const error = viewError ?? listError;
  const [open, setOpen] = useState<CmsRevisionDetail | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  useEffect(() => {
    void revisions.run((signal) => fetchRevisions(slug, locale, page, signal));
    // `run` is stable; `version` changes after every save or restore.
  }, [slug, locale, page, version]);

  const when = (row: CmsRevisionRow) => formatDateTime(row.created_at, uiLocale, dateOptions);
  // The revision's id is its number: "Restored from revision 12" names the same one.
  const named = (row: CmsRevisionRow) => fill(words.revisionOf, { id: row.id, date: when(row) });

  async function view(row: CmsRevisionRow) {
    try {
      setOpen(await fetchRevision(row.id));
      setViewError(null);
    } catch (failure) {
      setViewError(describeFailure(failure, labels.form.unreachable).message);
    }
  }

  async function restore() {
    if (!open) return;
    try {
      const saved = await restoreRevision(open.revision.id);
      setConfirming(false);
      setOpen(null);
      setRestoreError(null);
      onRestored(saved);
    } catch (failure) {
      setRestoreError(describeFailure(failure, labels.form.unreachable).message);
      throw failure;
    }
  }

  return (
    <section className="card mt-4" aria-labelledby="cms-revisions">
      <div className="card-body">
        <h2 className="h5" id="cms-revisions">
          {words.revisions}
        </h2>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {result && result.list.length === 0 ? (
          <p className="text-body-secondary mb-0">{words.revisionsEmpty}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle mb-2">
              <caption className="visually-hidden">{words.revisionsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.colNumber}</th>
                  <th scope="col">{words.colSaved}</th>
                  {/* On a phone the author and title go under the date: the row keeps its View button in sight. */}
                  <th scope="col" className="d-none d-md-table-cell">
                    {words.colAuthor}
                  </th>
                  <th scope="col" className="d-none d-md-table-cell">
                    {words.colTitle}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{words.colActions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result?.list.map((row) => (
                  <tr key={row.id}>
                    <td className="text-nowrap">{fill(words.revisionNumber, { id: row.id })}</td>
                    <td>
                      <time dateTime={row.created_at}>{when(row)}</time>
                      {row.restored_from && (
                        <div className="small text-body-secondary">
                          {fill(words.restoredFrom, { id: row.restored_from })}
                        </div>
                      )}
                      <div className="small text-body-secondary d-md-none">
                        {row.author ?? words.formerAdmin} · {row.title}
                      </div>
                    </td>
                    <td className="d-none d-md-table-cell">{row.author ?? words.formerAdmin}</td>
                    <td className="d-none d-md-table-cell">{row.title}</td>
                    <td className="text-end">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        aria-label={`${words.view}: ${named(row)}`}
                        onClick={() => view(row)}
                      >
                        {words.view}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {result && result.total > result.record && (
          <ListPager
            page={page}
            record={result.record}
            total={result.total}
            count={result.list.length}
            locale={uiLocale}
            idPrefix="cms-revisions"
            labels={labels.list}
            onPage={setPage}
          />
        )}
        {open && (
          <CmsRevisionView
            key={open.revision.id}
            detail={open}
            labels={words}
            heading={named(open.revision)}
            onRestore={() => setConfirming(true)}
            onClose={() => setOpen(null)}
          />
        )}
        <ConfirmDialog
          show={confirming}
          title={words.restoreTitle}
          message={words.restoreMessage}
          confirmLabel={words.restore}
          labels={labels.confirm}
          error={restoreError}
          onConfirm={restore}
          onCancel={() => {
            setConfirming(false);
            setRestoreError(null);
          }}
        />
      </div>
    </section>
  );
}
