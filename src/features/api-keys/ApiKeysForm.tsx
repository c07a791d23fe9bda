import EntityFormModal from '../../components/EntityFormModal';
import CheckboxGroupField from '../../components/CheckboxGroupField';
import FormField from '../../components/FormField';
import { API_KEY_SCOPES } from '../roles/permissions';
import { ApiKeyNameInput, type ApiKeyCreated } from './api-key-input';
import { addApiKey } from './api-keys-api';
import type { ApiKeysPanelLabels } from './api-keys-labels';

interface ApiKeysFormProps {
  show: boolean;
  labels: ApiKeysPanelLabels;
  onCreated: (saved: { created: ApiKeyCreated; message: string }) => void;
  onHide: () => void;
}

/** "Create key": a name and what the key may call, checked as the endpoint checks them, then `addapikey`. */
export default function ApiKeysForm({ show, labels, onCreated, onHide }: ApiKeysFormProps) {
  const words = labels.keys;
  return (
    <EntityFormModal
      show={show}
      title={words.formTitle}
      submitLabel={words.create}
      schema={ApiKeyNameInput}
      extraCheck={(data): Record<string, string> =>
        data.getAll('scopes').length ? {} : { scopes: words.noScope }
      }
      labels={labels.form}
      validation={labels.validation}
      save={addApiKey}
      onSaved={onCreated}
      onHide={onHide}
    >
      <FormField name="name" label={words.formName} autoComplete="off" required hint={words.formNameHint} />
      <CheckboxGroupField
        name="scopes"
        legend={words.scopes}
        hint={words.scopesHint}
        groups={[{ options: API_KEY_SCOPES.map((scope) => ({ value: scope, label: labels.scopes[scope] })) }]}
        checked={API_KEY_SCOPES}
      />
    </EntityFormModal>
  );
}
