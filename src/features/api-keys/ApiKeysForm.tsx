import EntityFormModal from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import { ApiKeyCreateInput, type ApiKeyCreated } from './api-key-input';
import { addApiKey } from './api-keys-api';
import type { ApiKeysPanelLabels } from './api-keys-labels';

interface ApiKeysFormProps {
  show: boolean;
  labels: ApiKeysPanelLabels;
  onCreated: (saved: { created: ApiKeyCreated; message: string }) => void;
  onHide: () => void;
}

/** "Create key": a name, checked with the endpoint's own schema, then `addapikey`. */
export default function ApiKeysForm({ show, labels, onCreated, onHide }: ApiKeysFormProps) {
  const words = labels.keys;
  return (
    <EntityFormModal
      show={show}
      title={words.formTitle}
      submitLabel={words.create}
      schema={ApiKeyCreateInput}
      labels={labels.form}
      validation={labels.validation}
      save={addApiKey}
      onSaved={onCreated}
      onHide={onHide}
    >
      <FormField name="name" label={words.formName} autoComplete="off" required hint={words.formNameHint} />
    </EntityFormModal>
  );
}
