import { useEffect, useRef, type CSSProperties } from 'react';
import type { CmsRevisionDetail } from '../../shared/cms/cms-input';
import type { CmsLabels } from './cms-labels';
import CmsDiff from './CmsDiff';

interface CmsRevisionViewProps {
  detail: CmsRevisionDetail;
  labels: CmsLabels;
  heading: string;
  onRestore: () => void;
  onClose: () => void;
}

/** A version as visitors saw it; its HTML was sanitized by the server on the way out (getcmsrevision). */
function CmsVersion({ heading, title, content }: { heading: string; title: string; content: string }) {
  return (
    <div className="col">
      <h4 className="h6 mt-3">{heading}</h4>
      <div className="app-cms-preview">
        <p className="h5">{title}</p>
        <div className="app-cms-content" dangerouslySetInnerHTML={{ __html: content }} />
      </div>
    </div>
  );
}

/**
 * Both versions drawn as visitors see them, side by side, their changes marked by the server
 * (getcmsrevision's `formatted`). The marks' spoken words come from the catalogue through CSS
 * custom properties (`_cms.scss`), as the HTML is the server's.
 */
function CmsFormattedDiff({
  formatted,
  labels,
  title,
  currentTitle,
}: {
  formatted: { before: string; after: string };
  labels: CmsLabels;
  title: string;
  currentTitle: string;
}) {
  const said = {
    '--app-diff-added': JSON.stringify(`${labels.added} `),
    '--app-diff-removed': JSON.stringify(`${labels.removed} `),
    '--app-diff-format': JSON.stringify(`${labels.formatChanged} `),
  } as CSSProperties;
  return (
    <>
      <p className="form-text mt-0">{labels.formattedLegend}</p>
      <div className="row row-cols-1 row-cols-lg-2 g-3 app-cms-side-by-side" style={said}>
        <div className="col">
          <h4 className="h6">{labels.revisionText}</h4>
          <div className="app-cms-preview app-cms-formatted-diff" data-side="before" dir="auto">
            <p className="h5">{title}</p>
            <div className="app-cms-content" dangerouslySetInnerHTML={{ __html: formatted.before }} />
          </div>
        </div>
        <div className="col">
          <h4 className="h6">{labels.currentText}</h4>
          <div className="app-cms-preview app-cms-formatted-diff" data-side="after" dir="auto">
            <p className="h5">{currentTitle}</p>
            <div className="app-cms-content" dangerouslySetInnerHTML={{ __html: formatted.after }} />
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * One revision: what changed from it to the current text, then its own text as visitors saw it.
 * Two versions too different to compare word by word (the server gave up: null) stand side by side.
 */
export default function CmsRevisionView({
  detail,
  labels,
  heading,
  onRestore,
  onClose,
}: CmsRevisionViewProps) {
  const { revision, current } = detail;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The view opens under a long list: "View" brings it on screen and puts the focus (and a screen
  // reader) on its heading. A new revision gets a fresh component (a new key), so this runs per view.
  useEffect(() => {
    const target = headingRef.current;
    if (!target) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  }, []);
  const { title: titleDiff, content: contentDiff } = detail.diff;
  const comparable = titleDiff !== null && contentDiff !== null;
  const formatted = detail.diff.formatted;
  // Formatting counts: a word made bold is a change (the text diff would call the two the same).
  const unchanged =
    (titleDiff ?? []).every((part) => part.kind === 'same') &&
    (formatted
      ? !/<(ins|del)\b/.test(formatted.before + formatted.after)
      : (contentDiff ?? []).every((part) => part.kind === 'same'));
  const revisionText = (
    <CmsVersion heading={labels.revisionText} title={revision.title} content={revision.content} />
  );
  return (
    <section className="card mt-3" aria-labelledby={`revision-${revision.id}`}>
      <div className="card-body">
        <h3 className="h6" id={`revision-${revision.id}`} ref={headingRef} tabIndex={-1}>
          {heading}
        </h3>
        <h4 className="h6 mt-3">{labels.diffHeading}</h4>
        {!comparable ? (
          <>
            <p className="text-body-secondary" role="status">
              {labels.tooDifferent}
            </p>
            <div className="row row-cols-1 row-cols-lg-2 app-cms-side-by-side">
              {revisionText}
              <CmsVersion heading={labels.currentText} title={current.title} content={current.content} />
            </div>
          </>
        ) : unchanged ? (
          <p className="text-body-secondary">{labels.noChanges}</p>
        ) : formatted ? (
          <>
            {titleDiff.some((part) => part.kind !== 'same') && (
              <div className="fw-semibold mb-2">
                <CmsDiff parts={titleDiff} labels={labels} />
              </div>
            )}
            <CmsFormattedDiff
              formatted={formatted}
              labels={labels}
              title={revision.title}
              currentTitle={current.title}
            />
          </>
        ) : (
          <>
            <p className="form-text mt-0">{labels.diffLegend}</p>
            <div className="fw-semibold mb-2">
              <CmsDiff parts={titleDiff} labels={labels} />
            </div>
            <CmsDiff parts={contentDiff} labels={labels} />
          </>
        )}
        {comparable && !formatted && <div className="row row-cols-1">{revisionText}</div>}
        <div className="d-flex gap-2 mt-3">
          <button
            type="button"
            className="btn btn-primary"
            onClick={onRestore}
            disabled={comparable && unchanged}
          >
            {labels.restore}
          </button>
          <button type="button" className="btn btn-outline-primary" onClick={onClose}>
            {labels.close}
          </button>
        </div>
      </div>
    </section>
  );
}
