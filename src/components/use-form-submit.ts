import { useId, useState, type SubmitEvent } from 'react';
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

/**
 * The submit cycle every form of the back-office shares (the modal and the page form alike): the
 * schema first (errors under their fields, focus on the first), then the server; a 400/409 `errors`
 * envelope lands on the same fields, anything else in the form's alert. While a save is under way
 * `busy` is true and a second submit is ignored, so a double click saves once.
 */
export function useFormSubmit<Saved>(options: FormSubmitOptions<Saved>) {
  const idPrefix = useId().replace(/:/g, '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function showErrors(form: HTMLFormElement, found: Record<string, string>, summary: string) {
    setErrors(found);
    setMessage(summary);
    // After React has drawn the errors: focus the first field that has one.
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function reset() {
    setErrors({});
    setMessage(null);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const found = {
      ...(options.schema ? validateForm(options.schema, data, options.validation) : {}),
      ...options.extraCheck?.(data),
    };
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
      showErrors(form, fields, summary);
    } finally {
      setBusy(false);
    }
  }

  return { idPrefix, errors, message, busy, submit, reset };
}
