import { useFieldError } from '../../components/form-errors-context';
import type { CmsLabels } from './cms-labels';
import RichTextEditor from './RichTextEditor';

interface CmsContentFieldProps {
  initialHtml: string;
  /** The language the text is in. */
  lang?: string;
  painted: boolean;
  labels: CmsLabels;
  onChange: (html: string, byPerson: boolean) => void;
}

/** The editor as a form field: its label, and the server's `content` error (413) beneath it. */
export default function CmsContentField({
  initialHtml,
  lang,
  painted,
  labels,
  onChange,
}: CmsContentFieldProps) {
  const { id, error, errorId, invalid } = useFieldError('content');
  return (
    <div className="mb-3">
      <div id={`${id}-label`} className="form-label">
        {labels.content}
      </div>
      <RichTextEditor
        initialHtml={initialHtml}
        lang={lang}
        painted={painted}
        name="content"
        labelledBy={`${id}-label`}
        labels={labels}
        onChange={onChange}
      />
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
