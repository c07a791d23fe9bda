import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { ZodMiniType } from 'zod/mini';
import { describeFailure } from '../lib/api-failure';
import { validateForm, type ValidationLabels } from '../lib/form-errors';

export interface FormSubmitOptions<Saved> {
  /**
   * The endpoint's own `…Input` schema: the browser checks what the server will check. Optional
   * for screens that must stay light (zod and the schemas are about 10 kB gzip): the server's 400
   * lands on the same fields.
   */
  schema?: ZodMiniType;
  validation: ValidationLabels;
  /** "Please correct the fields marked below." */
  fixFields: string;
  /** Said when the server could not be reached. */
  unreachable: string;
  /** Sends the form (multipart or JSON); rejects with the API client's failure. */
  save: (data: FormData) => Promise<Saved>;
  onSaved: (saved: Saved, form: HTMLFormElement) => void;
  /** Checks the schema cannot express (a repeated password): field → message. */
  extraCheck?: (data: FormData) => Record<string, string>;
}

/** A field's value as the form holds it now; an error's path (`content.grid[2]`) names its field. */
function valueOf(data: FormData, errorName: string): string {
  return data
    .getAll(errorName.split('.')[0]!)
    .map((value) => (typeof value === 'string' ? value : value.name))
    .join('\n');
}

/**
 * The errors still standing after an edit: a field the browser checks keeps its error (in the
 * check's current words) only while the check still fails; a field the server refused keeps its
 * error only while it holds the value the server saw. Never adds one: a field not reached yet
 * gets its error at the next submit.
 */
export function unfixedErrors(
  errors: Readonly<Record<string, string>>,
  failing: Readonly<Record<string, string>>,
  refusedValues: Readonly<Record<string, string>>,
  data: FormData,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, error] of Object.entries(errors)) {
    if (name in refusedValues) {
      if (valueOf(data, name) === refusedValues[name]) kept[name] = error;
    } else if (name in failing) {
      kept[name] = failing[name]!;
    }
  }
  return kept;
}

function sameErrors(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
}

/**
 * The submit cycle every form of the back-office shares (the modal and the page form alike): the
 * schema first (errors under their fields, focus on the first), then the server; a 400/409 `errors`
 * envelope lands on the same fields, anything else in the form's alert. While a save is under way
 * `busy` is true and a second submit is ignored, so a double click saves once. Once shown, an
 * error goes as soon as its field is fixed, and the alert with the last one (`recheck`, on the
 * form's `onChange`, and after every render for fields a widget's state fills).
 */
export function useFormSubmit<Saved>(options: FormSubmitOptions<Saved>) {
  const idPrefix = useId().replace(/:/g, '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownIn = useRef<HTMLFormElement | null>(null);
  /** Field → the value the server refused, for the errors the server gave. */
  const refused = useRef<Record<string, string>>({});
  /** Set when errors are shown: the first field with one takes the focus once React has drawn them. */
  const focusFirstError = useRef(false);

  function check(data: FormData): Record<string, string> {
    return {
      ...(options.schema ? validateForm(options.schema, data, options.validation) : {}),
      ...options.extraCheck?.(data),
    };
  }

  function showErrors(form: HTMLFormElement, found: Record<string, string>, summary: string) {
    shownIn.current = form;
    setErrors(found);
    setMessage(summary);
    focusFirstError.current = true;
  }

  function reset() {
    refused.current = {};
    setErrors({});
    setMessage(null);
  }

  function recheck() {
    const form = shownIn.current;
    if (!form || busy || Object.keys(errors).length === 0) return;
    const data = new FormData(form);
    const kept = unfixedErrors(errors, check(data), refused.current, data);
    if (sameErrors(kept, errors)) return;
    setErrors(kept);
    if (Object.keys(kept).length === 0) setMessage(null);
  }

  // Widgets that fill a field from their own state (chips, pickers) change no input the form hears.
  useEffect(recheck);
  // An effect rather than a frame callback: after an await, React may draw later than the next frame.
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    shownIn.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    // With the button that sent it, so a form with two (save a draft, publish) knows which.
    const data = new FormData(form, event.nativeEvent.submitter);
    refused.current = {};
    const found = check(data);
    if (Object.keys(found).length) return showErrors(form, found, options.fixFields);
    setBusy(true);
    try {
      const saved = await options.save(data);
      reset();
      options.onSaved(saved, form);
    } catch (error) {
      const { fields, message } = describeFailure(error, options.unreachable);
      // Errors for fields on the form go under them; any other (`body`, a field not shown) in the alert.
      // A path inside a field (`content.grid[2][3]`) belongs to that field, which shows it.
      const elsewhere = Object.keys(fields).filter((name) => !form.elements.namedItem(name.split('.')[0]!));
      const summary = Object.keys(fields).length
        ? [options.fixFields, ...elsewhere.map((name) => fields[name])].join(' ')
        : message;
      refused.current = Object.fromEntries(Object.keys(fields).map((name) => [name, valueOf(data, name)]));
      showErrors(form, fields, summary);
    } finally {
      setBusy(false);
    }
  }

  return { idPrefix, errors, message, busy, submit, reset, recheck };
}
