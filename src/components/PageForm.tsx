import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import type { ZodMiniType } from 'zod/mini';
import type { ValidationLabels } from '../lib/form-errors';
import type { EntityFormLabels } from './EntityFormModal';
import { FormErrorsContext } from './form-errors-context';
import { useFormSubmit } from './use-form-submit';

interface PageFormProps<Saved> {
  submitLabel: string;
  /** The endpoint's own `…Input` schema; see useFormSubmit for when to leave it out. */
  schema?: ZodMiniType;
  labels: EntityFormLabels;
  validation: ValidationLabels;
  save: (data: FormData) => Promise<Saved>;
  /** The form element too, for forms that clear themselves after saving (a password). */
  onSaved: (saved: Saved, form: HTMLFormElement) => void;
  extraCheck?: (data: FormData) => Record<string, string>;
  /** The fields (FormField, ImageField…), which find their errors by name. */
  children: ReactNode;
  /** Names the form for assistive technology (the heading it sits under). */
  'aria-labelledby'?: string;
  /**
   * More buttons beside the submit button, in one bar with it (a second submit button carries
   * its `name`/`value` into the FormData `save` gets); `busy` while a save is under way.
   */
  actions?: (busy: boolean) => ReactNode;
  /** The bar's class, when there are `actions` (a sticky bar, say). */
  actionsClassName?: string;
  /** Names the bar, when there are `actions`. */
  actionsLabel?: string;
}

/**
 * A form that is the page (profile, password), not a dialog over a list: the same fields and the
 * same submit cycle as EntityFormModal, with the button at the end.
 */
export default function PageForm<Saved>(props: PageFormProps<Saved>) {
  const { idPrefix, errors, message, busy, submit, recheck } = useFormSubmit({
    schema: props.schema,
    validation: props.validation,
    fixFields: props.labels.fixFields,
    unreachable: props.labels.unreachable,
    save: props.save,
    onSaved: props.onSaved,
    extraCheck: props.extraCheck,
  });
  const submitButton = (
    <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
      {busy ? props.labels.saving : props.submitLabel}
    </Button>
  );
  return (
    <form
      onSubmit={submit}
      onChange={recheck}
      noValidate
      className="app-page-form"
      aria-labelledby={props['aria-labelledby']}
    >
      {message && (
        <div className="alert alert-danger" role="alert">
          {message}
        </div>
      )}
      <FormErrorsContext.Provider value={{ idPrefix, errors }}>{props.children}</FormErrorsContext.Provider>
      {props.actions ? (
        <div className={props.actionsClassName} role="group" aria-label={props.actionsLabel}>
          {props.actions(busy)}
          {submitButton}
        </div>
      ) : (
        submitButton
      )}
    </form>
  );
}
