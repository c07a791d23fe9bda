import EntityFormModal from '../../components/EntityFormModal';
import CheckboxGroupField from '../../components/CheckboxGroupField';
import FormField from '../../components/FormField';
import { fill } from '../../lib/labels';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../shared/roles/permissions';
import { ApiKeyNameInput, type ApiKeyCreated } from '../../shared/api-keys/api-key-input';
import { addApiKey } from './api-keys-api';
import type { ApiKeysPanelLabels } from './api-keys-labels';
import { SCOPE_NEEDS } from '../../shared/api-keys/scope-needs';

interface ApiKeysFormProps {
  show: boolean;
  labels: ApiKeysPanelLabels;
  /** The scopes this admin may give (scope-needs.ts); the others are shown greyed out, with what they need. */
  grantable: readonly ApiKeyScope[];
  onCreated: (saved: { created: ApiKeyCreated; message: string }) => void;
  onHide: () => void;
}

/**
 * "Create key": a name and what the key may call, checked as the endpoint checks them, then
 * `addapikey` with exactly the ticked scopes (none ticked is an error here, and a 400 there).
 */
export default function ApiKeysForm({ show, labels, grantable, onCreated, onHide }: ApiKeysFormProps) {
  const words = labels.keys;
  const options = API_KEY_SCOPES.map((scope) => {
    const allowed = grantable.includes(scope);
    const needs = SCOPE_NEEDS[scope].map((permission) => labels.permissions[permission]).join(', ');
    return {
      value: scope,
      label: allowed
        ? labels.scopes[scope]
        : `${labels.scopes[scope]} (${fill(words.scopeNeeds, { needs })})`,
      disabled: !allowed,
    };
  });
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
        hint={
          grantable.length < API_KEY_SCOPES.length
            ? `${words.scopesHint} ${words.scopesBeyond}`
            : words.scopesHint
        }
        groups={[{ options }]}
        checked={grantable}
      />
    </EntityFormModal>
  );
}
