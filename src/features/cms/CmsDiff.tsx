import type { DiffPart } from '../../shared/cms/cms-input';
import type { CmsLabels } from './cms-labels';

/**
 * Word-level changes as text. Added runs are <ins> (underlined), removed runs <del> (struck
 * through), each also announced in words, so the meaning never rests on colour alone.
 */
export default function CmsDiff({ parts, labels }: { parts: DiffPart[]; labels: CmsLabels }) {
  return (
    <div className="app-cms-diff">
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          <ins key={index}>
            <span className="visually-hidden">{`${labels.added} `}</span>
            {part.text}
          </ins>
        ) : part.kind === 'removed' ? (
          <del key={index}>
            <span className="visually-hidden">{`${labels.removed} `}</span>
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}
