import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { Button, Modal } from 'react-bootstrap';
import type { ZodTypeAny } from 'zod';
import { describeFailure } from '../lib/api-failure';
import { validateForm, type ValidationLabels } from '../lib/form-errors';
import { FormErrorsContext } from './form-errors-context';
import { keepTabInside } from './keep-tab-inside';

export const entityFormLabelKeys = {
  cancel: 'entityForm.cancel',
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
  schema: ZodTypeAny;
  labels: EntityFormLabels;
  validation: ValidationLabels;
  /** Sends the form (multipart or JSON); rejects with the API client's failure. */
  save: (data: FormData) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  onHide: () => void;
  /** The fields (FormField, ImageField…), which find their errors by name. */
  children: ReactNode;
}

/**
 * Create and Edit in one modal form. On submit: the schema first (errors under their fields, focus
 * on the first), then the server; a 400/409 `errors` envelope lands on the same fields. The
 * submit button is off while a save is under way, so a double click saves once.
 */
export default function EntityFormModal<Saved>(props: EntityFormModalProps<Saved>) {
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

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const found = validateForm(props.schema, data, props.validation);
    if (Object.keys(found).length) return showErrors(form, found, props.labels.fixFields);
    setBusy(true);
    try {
      const saved = await props.save(data);
      setErrors({});
      setMessage(null);
      props.onSaved(saved);
    } catch (error) {
      const { fields, message } = describeFailure(error, props.labels.unreachable);
      // Errors for fields on the form go under them; any other (`body`, a field not shown) in the alert.
      const elsewhere = Object.keys(fields).filter((name) => !form.elements.namedItem(name));
      const summary = Object.keys(fields).length
        ? [props.labels.fixFields, ...elsewhere.map((name) => fields[name])].join(' ')
        : message;
      showErrors(form, fields, summary);
    } finally {
      setBusy(false);
    }
  }

  function hide() {
    if (busy) return;
    setErrors({});
    setMessage(null);
    props.onHide();
  }

  return (
    <Modal show={props.show} onHide={hide} onKeyDown={keepTabInside} aria-labelledby={`${idPrefix}-title`}>
      <form onSubmit={submit} noValidate className="app-entity-form">
        <Modal.Header>
          <Modal.Title id={`${idPrefix}-title`} as="h2" className="h5">
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
            {props.labels.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
            {busy ? props.labels.saving : props.submitLabel}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
