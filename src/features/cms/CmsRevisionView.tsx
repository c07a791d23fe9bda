import type { CmsRevisionDetail } from './cms-input';
import type { CmsLabels } from './cms-labels';
import CmsDiff from './CmsDiff';

interface CmsRevisionViewProps {
  detail: CmsRevisionDetail;
  labels: CmsLabels;
  heading: string;
  onRestore: () => void;
  onClose: () => void;
}

/** One revision: what changed from it to the current text, then its own text as visitors saw it. */
export default function CmsRevisionView({
  detail,
  labels,
  heading,
  onRestore,
  onClose,
}: CmsRevisionViewProps) {
  const { diff, revision } = detail;
  const unchanged = [...diff.title, ...diff.content].every((part) => part.kind === 'same');
  return (
    <section className="card mt-3" aria-labelledby={`revision-${revision.id}`}>
      <div className="card-body">
        <h3 className="h6" id={`revision-${revision.id}`}>
          {heading}
        </h3>
        <h4 className="h6 mt-3">{labels.diffHeading}</h4>
        {unchanged ? (
          <p className="text-body-secondary">{labels.noChanges}</p>
        ) : (
          <>
            <p className="form-text mt-0">{labels.diffLegend}</p>
            <div className="fw-semibold mb-2">
              <CmsDiff parts={diff.title} labels={labels} />
            </div>
            <CmsDiff parts={diff.content} labels={labels} />
          </>
        )}
        <h4 className="h6 mt-4">{labels.revisionText}</h4>
        <div className="app-cms-preview">
          <p className="h5">{revision.title}</p>
          {/* Sanitized by the server on the way out (getcmsrevision), as on every render. */}
          <div className="app-cms-content" dangerouslySetInnerHTML={{ __html: revision.content }} />
        </div>
        <div className="d-flex gap-2 mt-3">
          <button type="button" className="btn btn-primary" onClick={onRestore} disabled={unchanged}>
            {labels.restore}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {labels.close}
          </button>
        </div>
      </div>
    </section>
  );
}
