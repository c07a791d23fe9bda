import { useState } from 'react';
import FormField from '../../components/FormField';
import PageForm from '../../components/PageForm';
import type { Locale } from '../../i18n/locales';
import { savePage, type CmsSaved } from './cms-api';
import type { CmsPageMeta } from '../../shared/cms/cms-input';
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
  onSaved: (saved: CmsSaved) => void;
  /** Asks to drop the version's draft (shown while it has one). */
  onDiscard: () => void;
}

/**
 * Title, effective date and text of one language version (its draft, if it has one), with a preview
 * of the text as it stands, saved as a draft or published.
 */
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
  onDiscard,
}: CmsPageFormProps) {
  const words = labels.cms;
  // The draft where there is one: the text being worked on (the page gave its content too).
  const title = page?.draft?.title ?? page?.title;
  const effectiveDate = page?.draft ? page.draft.effective_date : page?.effective_date;
  const [draft, setDraft] = useState<CmsDraft>({
    title: title ?? '',
    effectiveDate: effectiveDate ?? '',
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
        // one rule is checked here, everything else by the endpoints, whose 400 names the field.
        extraCheck={(data): Record<string, string> =>
          String(data.get('title') ?? '').trim() ? {} : { title: labels.validation.required }
        }
        labels={labels.form}
        validation={labels.validation}
        save={savePage}
        onSaved={onSaved}
        actionsClassName="app-cms-actions"
        actionsLabel={words.actions}
        actions={(busy) => (
          <>
            {page?.draft && (
              <button type="button" className="btn btn-link link-danger me-auto px-0" onClick={onDiscard}>
                {words.discardDraft}
              </button>
            )}
            <button
              type="button"
              className="btn btn-outline-primary"
              aria-pressed={preview}
              aria-controls={preview ? 'cms-preview' : undefined}
              onClick={() => setPreview((shown) => !shown)}
            >
              {words.preview}
            </button>
            <button
              type="submit"
              name="intent"
              value="draft"
              className="btn btn-outline-primary"
              disabled={busy}
            >
              {words.saveDraft}
            </button>
          </>
        )}
      >
        <input type="hidden" name="slug" value={slug} />
        <input type="hidden" name="locale" value={locale} />
        <FormField name="title" label={words.title} defaultValue={title} autoComplete="off" required />
        <FormField
          name="effective_date"
          type="date"
          label={words.effectiveDate}
          defaultValue={effectiveDate ?? undefined}
          hint={words.effectiveHint}
        />
        <CmsContentField
          initialHtml={content}
          lang={contentLang}
          painted={painted}
          labels={words}
          onChange={(html, byPerson) => change({ html }, byPerson)}
        />
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
