import { useEffect, useRef, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import { useDateOptions } from '../../components/use-date-options';
import { describeFailure } from '../../lib/api-failure';
import { formatDateTime } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { Locale } from '../../i18n/locales';
import { showSnackbar } from '../../stores/snackbar';
import { discardDraft, fetchPage, saveDraft, type CmsSaved } from './cms-api';
import { isBlankContent } from './blank-content';
import type { CmsPageMeta, CmsPageRow } from '../../shared/cms/cms-input';
import type { CmsScreenLabels } from './cms-labels';
import type { CmsSlug } from '../../shared/cms/cms-slugs';
import CmsPageForm, { type CmsDraft } from './CmsPageForm';
import CmsRevisions from './CmsRevisions';
import EntityHistory from '../audit/EntityHistory';
import type { EntityHistoryLabels } from '../audit/audit-labels';
import { useUnsavedWarning } from './use-unsaved-warning';
import { auditTarget } from '../../shared/audit/vocabulary';

export interface CmsEditorScreenProps {
  slug: CmsSlug;
  /** The language version being edited (`?lang=`), and its saved text; null when it has none yet. */
  locale: Locale;
  page: CmsPageMeta | null;
  /**
   * The version's saved text (sanitized HTML). The editor's box shows it as the server drew it, so
   * the page's largest text is on screen before the editor's script has run.
   */
  content: string;
  /** The admin's interface language, for dates. */
  uiLocale: Locale;
  languages: { code: Locale; name: string; tag: string }[];
  labels: CmsScreenLabels;
  /** The history panel's words, for an admin who may read the audit trail (null: no panel). */
  history?: EntityHistoryLabels | null;
}

type Leaving = { href: string } | { locale: Locale };
/** A step that replaces what the form holds, asked for before it runs. */
type Asking = 'discard' | 'copy';

/** Sameness of what the form holds and what was last loaded or saved. */
function differs(draft: CmsDraft, saved: CmsDraft): boolean {
  return (
    draft.title.trim() !== saved.title.trim() ||
    draft.effectiveDate !== saved.effectiveDate ||
    draft.html !== saved.html
  );
}

/**
 * The one screen behind /aboutus, /privacyandpolicy and /termsandcondition: pick a language
 * version, edit it, keep it as a draft, preview and publish it, start a translation from the
 * English text, and browse, compare and restore its revisions.
 */
export default function CmsEditorScreen(props: CmsEditorScreenProps) {
  const { slug, uiLocale, languages, labels } = props;
  const words = labels.cms;
  const dateOptions = useDateOptions();
  const [locale, setLocale] = useState(props.locale);
  const [page, setPage] = useState<CmsPageMeta | null>(props.page);
  const [blank, setBlank] = useState(() => isBlankContent(props.content));
  const [content, setContent] = useState(props.content);
  // A new form (and editor) per language version or restore; a save keeps the editor as it is.
  const [formKey, setFormKey] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  // What was loaded or last saved, as the form holds it (the text as the editor writes it).
  const baseline = useRef<CmsDraft | null>(null);
  const lastDraft = useRef<CmsDraft | null>(null);
  const leaveNow = useUnsavedWarning(dirty, (href) => setLeaving({ href }));
  // The language picker is left uncontrolled: a controlled one is reset to the rendered value by
  // any re-render, and one picked while the page was still loading (before React listened, or
  // while hydrating) would then snap back or switch to the old language. The DOM's choice wins.
  const languagePicker = useRef<HTMLSelectElement>(null);
  const showLocale = (shown: Locale) => {
    if (languagePicker.current) languagePicker.current.value = shown;
  };
  // Once, on mount: a language picked before React listened.
  useEffect(() => {
    const picked = languagePicker.current?.value as Locale | undefined;
    if (picked && picked !== props.locale) void switchTo(picked);
  }, []);

  function onDraft(draft: CmsDraft, byPerson: boolean) {
    lastDraft.current = draft;
    // The editor's own changes (loading, normalising) move the baseline's text, not the flag.
    if (!baseline.current || !byPerson) {
      baseline.current = { ...(baseline.current ?? draft), html: draft.html };
      if (!byPerson) return;
    }
    setDirty(differs(draft, baseline.current));
  }

  /** A version into the form: its draft where it has one, else its published text. */
  function load(next: CmsPageRow | null, nextLocale: Locale) {
    setPage(next);
    setBlank(isBlankContent(next?.content ?? ''));
    setContent(next?.draft?.content ?? next?.content ?? '');
    setLocale(nextLocale);
    setDirty(false);
    baseline.current = null;
    lastDraft.current = null;
    setFormKey((key) => key + 1);
  }

  async function switchTo(nextLocale: Locale) {
    try {
      load(await fetchPage(slug, nextLocale), nextLocale);
      showLocale(nextLocale);
      setSwitchError(null);
      const url = new URL(location.href);
      url.searchParams.set('lang', nextLocale);
      history.replaceState(history.state, '', url);
    } catch (failure) {
      showLocale(locale);
      setSwitchError(describeFailure(failure, labels.form.unreachable).message);
    }
  }

  function onSaved(saved: CmsSaved, reload = false) {
    if (reload) load(saved.page, locale);
    else {
      setPage(saved.page);
      setBlank(isBlankContent(saved.page.content));
      setDirty(false);
      // The editor still shows what was sent: its HTML is the new baseline.
      const kept = saved.page.draft ?? saved.page;
      baseline.current = {
        title: kept.title,
        effectiveDate: kept.effective_date ?? '',
        html: lastDraft.current?.html ?? '',
      };
    }
    showSnackbar({ message: saved.message, variant: 'alert', severity: 'success' });
  }

  /** Runs the step asked for (throws to keep the dialog open with its error). */
  async function confirmAsked() {
    try {
      if (asking === 'discard') {
        const dropped = await discardDraft(slug, locale);
        load(dropped.page, locale);
        showSnackbar({ message: dropped.message, variant: 'alert', severity: 'success' });
      } else {
        const english = await fetchPage(slug, 'en');
        if (!english || isBlankContent(english.content)) throw new Error(words.copyNothing);
        const copied = await saveDraft({ slug, locale, title: english.title, content: english.content });
        onSaved(copied, true);
      }
      setAsking(null);
      setAskError(null);
    } catch (failure) {
      setAskError(
        failure instanceof Error && failure.message === words.copyNothing
          ? words.copyNothing
          : describeFailure(failure, labels.form.unreachable).message,
      );
      throw failure;
    }
  }

  const updated = !page
    ? words.notWritten
    : blank
      ? words.blank
      : fill(page.updated_by ? words.lastUpdated : words.lastUpdatedNoName, {
          name: page.updated_by ?? '',
          date: formatDateTime(page.updated_at, uiLocale, dateOptions),
        });

  return (
    <>
      {/* The whole content column: a page of text is edited at a width that shows it. */}
      <section className="card">
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
            <div>
              <label htmlFor="cms-language" className="form-label">
                {words.language}
              </label>
              <select
                id="cms-language"
                className="form-select"
                ref={languagePicker}
                defaultValue={props.locale}
                onChange={(event) => {
                  const next = event.target.value as Locale;
                  if (dirty) setLeaving({ locale: next });
                  else void switchTo(next);
                }}
              >
                {languages.map((language) => (
                  <option key={language.code} value={language.code} lang={language.tag}>
                    {language.name}
                  </option>
                ))}
              </select>
            </div>
            {locale !== 'en' && (
              <button type="button" className="btn btn-outline-secondary" onClick={() => setAsking('copy')}>
                {words.copyEnglish}
              </button>
            )}
            <div className="small mb-0 app-cms-status" aria-live="polite">
              <p className="text-body-secondary mb-0">{updated}</p>
              {page?.draft && (
                <p className="mb-0">
                  <span className="badge text-bg-warning me-1">{words.draftBadge}</span>
                  {fill(page.draft.updated_by ? words.draftStatus : words.draftStatusNoName, {
                    name: page.draft.updated_by ?? '',
                    date: formatDateTime(page.draft.updated_at, uiLocale, dateOptions),
                  })}
                </p>
              )}
            </div>
          </div>
          {switchError && (
            <div className="alert alert-danger" role="alert">
              {switchError}
            </div>
          )}
          <CmsPageForm
            key={formKey}
            slug={slug}
            locale={locale}
            page={page}
            content={content}
            contentLang={languages.find((language) => language.code === locale)?.tag}
            painted={formKey === 0}
            labels={labels}
            onDraft={onDraft}
            onSaved={(saved) => onSaved(saved)}
            onDiscard={() => setAsking('discard')}
          />
        </div>
      </section>
      <CmsRevisions
        slug={slug}
        locale={locale}
        uiLocale={uiLocale}
        version={`${locale}:${page?.updated_at ?? ''}`}
        labels={labels}
        onRestored={(saved) => onSaved(saved, true)}
      />
      {props.history && (
        <EntityHistory
          level={2}
          target={auditTarget('content', `${slug}:${locale}`)}
          version={page?.updated_at ? Date.parse(page.updated_at) : 0}
          locale={uiLocale}
          labels={props.history}
        />
      )}
      <ConfirmDialog
        show={asking !== null}
        title={asking === 'copy' ? words.copyTitle : words.discardTitle}
        message={asking === 'copy' ? words.copyMessage : words.discardMessage}
        confirmLabel={asking === 'copy' ? words.copyEnglish : words.discardDraft}
        labels={labels.confirm}
        danger={asking === 'discard'}
        error={askError}
        onConfirm={confirmAsked}
        onCancel={() => {
          setAsking(null);
          setAskError(null);
        }}
      />
      <ConfirmDialog
        show={leaving !== null}
        title={words.unsavedTitle}
        message={words.unsavedMessage}
        confirmLabel={words.leave}
        labels={labels.confirm}
        danger
        onConfirm={() => {
          const target = leaving;
          setLeaving(null);
          if (target && 'href' in target) leaveNow(target.href);
          else if (target) void switchTo(target.locale);
        }}
        onCancel={() => {
          setLeaving(null);
          showLocale(locale);
        }}
      />
    </>
  );
}
