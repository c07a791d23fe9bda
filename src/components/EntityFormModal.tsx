import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import type { ZodMiniType } from 'zod/mini';
import type { ValidationLabels } from '../lib/form-errors';
import { FormErrorsContext } from './form-errors-context';
import { focusFirstStop } from './focus-wrap';
import { keepTabInside } from './keep-tab-inside';
import { useFormSubmit } from './use-form-submit';

export const entityFormLabelKeys = {
  cancel: 'entityForm.cancel',
  close: 'entityForm.close',
  saving: 'entityForm.saving',
  fixFields: 'entityForm.fixFields',
  unreachable: 'api.error.unreachable',
} as const;

export type EntityFormLabels = Record<keyof typeof entityFormLabelKeys, string>;

interface EntityFormModalProps<Saved> {
  show: boolean;
  title: string;
  submitLabel: string;
  /** The endpoint's own `…Input` schema: the browser checks what the server will check. */
  schema: ZodMiniType;
  labels: EntityFormLabels;
  validation: ValidationLabels;
  /** Sends the form (multipart or JSON); rejects with the API client's failure. */
  save: (data: FormData) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  onHide: () => void;
  /** Checks the schema cannot express (a time still in the future): field → message. */
  extraCheck?: (data: FormData) => Record<string, string>;
  /**
   * Shown to read, not to change (a role that may only see it): the children show the values,
   * and the one button closes the dialog.
   */
  readOnly?: boolean;
  /** A wider dialog, for a form with a code or long-text field. */
  size?: 'lg' | 'xl';
  /** The fields (FormField, ImageField…), which find their errors by name. */
  children: ReactNode;
}

/**
 * Create and Edit in one modal form, with the submit cycle of useFormSubmit (and View, read-only).
 * Focus starts on the first field once it is open.
 */
export default function EntityFormModal<Saved>(props: EntityFormModalProps<Saved>) {
  const { idPrefix, errors, message, busy, submit, reset, recheck } = useFormSubmit({
    schema: props.schema,
    validation: props.validation,
    fixFields: props.labels.fixFields,
    unreachable: props.labels.unreachable,
    save: props.save,
    onSaved: (saved) => props.onSaved(saved),
    extraCheck: props.extraCheck,
  });

  function hide() {
    if (busy) return;
    reset();
    props.onHide();
  }

  return (
    // Not `${idPrefix}-title`: that is the id of a field named "title" (FormErrorsContext).
    <Modal
      show={props.show}
      size={props.size}
      onHide={hide}
      onKeyDown={keepTabInside}
      onEntered={focusFirstStop}
      aria-labelledby={`${idPrefix}-dialog-title`}
    >
      <form onSubmit={submit} onChange={recheck} noValidate className="app-entity-form">
        <Modal.Header>
          <Modal.Title id={`${idPrefix}-dialog-title`} as="h2" className="h5">
            {props.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <div className="alert alert-danger" role="alert">
              {message}
            </div>
          )}
          <FormErrorsContext.Provider value={{ idPrefix, errors }}>
            {props.children}
          </FormErrorsContext.Provider>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-primary" onClick={hide} disabled={busy}>
            {props.readOnly ? props.labels.close : props.labels.cancel}
          </Button>
          {!props.readOnly && (
            <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
              {busy ? props.labels.saving : props.submitLabel}
            </Button>
          )}
        </Modal.Footer>
      </form>
    </Modal>
  );
}
