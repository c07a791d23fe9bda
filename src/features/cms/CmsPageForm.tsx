import { useState } from 'react';
import FormField from '../../components/FormField';
import PageForm from '../../components/PageForm';
import type { Locale } from '../../i18n/locales';
import { savePage } from './cms-api';
import type { CmsPageRow } from './cms-input';
import type { CmsScreenLabels } from './cms-labels';
import type { CmsSlug } from './cms-slugs';
import CmsContentField from './CmsContentField';

export interface CmsDraft {
  title: string;
  effectiveDate: string;
  html: string;
}

interface CmsPageFormProps {
  slug: CmsSlug;
  locale: Locale;
  page: CmsPageRow | null;
  labels: CmsScreenLabels;
  /** Every change of a field or of the text, with the form's current values. */
  onDraft: (draft: CmsDraft) => void;
  onSaved: (saved: { page: CmsPageRow; message: string }) => void;
}

/** Title, effective date and text of one language version, with a preview of the unsaved text. */
export default function CmsPageForm({ slug, locale, page, labels, onDraft, onSaved }: CmsPageFormProps) {
  const words = labels.cms;
  const [draft, setDraft] = useState<CmsDraft>({
    title: page?.title ?? '',
    effectiveDate: page?.effective_date ?? '',
    html: page?.content ?? '',
  });
  const [preview, setPreview] = useState(false);

  function change(part: Partial<CmsDraft>) {
    const next = { ...draft, ...part };
    setDraft(next);
    onDraft(next);
  }

  return (
    <div
      onInput={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === 'title') change({ title: target.value });
        if (target.name === 'effective_date') change({ effectiveDate: target.value });
      }}
    >
      <PageForm
        submitLabel={words.save}
        // No zod in this bundle (the editor fills the page's JavaScript budget): the title's
        // one rule is checked here, everything else by updatecms, whose 400 names the field.
        extraCheck={(data): Record<string, string> =>
          String(data.get('title') ?? '').trim() ? {} : { title: labels.validation.required }
        }
        labels={labels.form}
        validation={labels.validation}
        save={savePage}
        onSaved={onSaved}
        aria-labelledby="cms-form-title"
      >
        <input type="hidden" name="slug" value={slug} />
        <input type="hidden" name="locale" value={locale} />
        <FormField name="title" label={words.title} defaultValue={page?.title} autoComplete="off" required />
        <FormField
          name="effective_date"
          type="date"
          label={words.effectiveDate}
          defaultValue={page?.effective_date}
          hint={words.effectiveHint}
        />
        <CmsContentField
          initialHtml={page?.content ?? ''}
          labels={words}
          onChange={(html) => change({ html })}
        />
        <div className="mb-3">
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-pressed={preview}
            aria-controls="cms-preview"
            onClick={() => setPreview((shown) => !shown)}
          >
            {words.preview}
          </button>
        </div>
        <div
          id="cms-preview"
          className="app-cms-preview mb-3"
          hidden={!preview}
          aria-label={words.preview}
          role="region"
        >
          <p className="h3">{draft.title}</p>
          {draft.html ? (
            // The editor's own output: Lexical writes only its nodes' markup (links limited to
            // safe schemes), and the server sanitizes it on save and on every render.
            <div className="app-cms-content" dangerouslySetInnerHTML={{ __html: draft.html }} />
          ) : (
            <p className="text-body-secondary">{words.previewEmpty}</p>
          )}
        </div>
      </PageForm>
    </div>
  );
}
