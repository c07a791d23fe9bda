import { useState } from 'react';
import FormField from '../../components/FormField';
import PageForm from '../../components/PageForm';
import type { Locale } from '../../i18n/locales';
import { savePage } from './cms-api';
import type { CmsPageMeta, CmsPageRow } from '../../shared/cms/cms-input';
import type { CmsScreenLabels } from './cms-labels';
import type { CmsSlug } from '../../shared/cms/cms-slugs';
import CmsContentField from './CmsContentField';

export interface CmsDraft {
  title: string;
  effectiveDate: string;
  html: string;
}

interface CmsPageFormProps {
  slug: CmsSlug;
  locale: Locale;
  page: CmsPageMeta | null;
  /** The saved text the editor starts from. */
  content: string;
  /** The version's BCP 47 tag: the language its text is in. */
  contentLang?: string;
  /** The server drew `content` in the editor's box (the page's first form): see RichTextEditor. */
  painted: boolean;
  labels: CmsScreenLabels;
  /** Every change of a field or of the text, with the form's current values; see RichTextEditor's `byPerson`. */
  onDraft: (draft: CmsDraft, byPerson: boolean) => void;
  onSaved: (saved: { page: CmsPageRow; message: string }) => void;
}

/** Title, effective date and text of one language version, with a preview of the unsaved text. */
export default function CmsPageForm({
  slug,
  locale,
  page,
  content,
  contentLang,
  painted,
  labels,
  onDraft,
  onSaved,
}: CmsPageFormProps) {
  const words = labels.cms;
  const [draft, setDraft] = useState<CmsDraft>({
    title: page?.title ?? '',
    effectiveDate: page?.effective_date ?? '',
    // Filled by the editor's first change, in the browser: the server's HTML has no text in it.
    html: '',
  });
  const [preview, setPreview] = useState(false);

  function change(part: Partial<CmsDraft>, byPerson = true) {
    const next = { ...draft, ...part };
    setDraft(next);
    onDraft(next, byPerson);
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
          initialHtml={content}
          lang={contentLang}
          painted={painted}
          labels={words}
          onChange={(html, byPerson) => change({ html }, byPerson)}
        />
        <div className="mb-3">
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-pressed={preview}
            onClick={() => setPreview((shown) => !shown)}
          >
            {words.preview}
          </button>
        </div>
        {preview && (
          <div
            id="cms-preview"
            className="app-cms-preview mb-3"
            aria-label={words.preview}
            role="region"
            lang={contentLang}
            dir="auto"
          >
            <p className="h3">{draft.title}</p>
            {draft.html ? (
              // The editor's own output cut down to plain tags (lexical-html.ts); the server
              // sanitizes it on save and again on every render.
              <div className="app-cms-content" dangerouslySetInnerHTML={{ __html: draft.html }} />
            ) : (
              <p className="text-body-secondary">{words.previewEmpty}</p>
            )}
          </div>
        )}
      </PageForm>
    </div>
  );
}
