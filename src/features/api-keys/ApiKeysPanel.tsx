import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import ListFooter from '../../components/ListFooter';
import ListToolbar from '../../components/ListToolbar';
import { useDateOptions } from '../../components/use-date-options';
import { useRemoteList, type ListScreenProps } from '../../components/use-remote-list';
import { describeFailure } from '../../lib/api-failure';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import ApiKeysForm from './ApiKeysForm';
import ApiKeysSecretDialog from './ApiKeysSecretDialog';
import ApiKeysTable from './ApiKeysTable';
import type { ApiKeyCreated, ApiKeyRow } from '../../shared/api-keys/api-key-input';
import { fetchApiKeys, revokeApiKey } from './api-keys-api';
import type { ApiKeysPanelLabels } from './api-keys-labels';
import type { ApiKeyScope } from '../../shared/roles/permissions';
import { apiKeyListSpec } from './api-key-list-spec';

export interface ApiKeysPanelProps extends ListScreenProps<ApiKeyRow, '-created', never, ApiKeysPanelLabels> {
  /** apikeys.manage: create and revoke; without it the list is read-only. */
  manage: boolean;
  /** The scopes this admin may give a key (scope-needs.ts). */
  grantable: readonly ApiKeyScope[];
}

/** The keys tab: the list, "Create key" (then the key shown once), and revoke with a confirmation. */
export default function ApiKeysPanel({
  initialState,
  initialResult,
  locale,
  labels,
  manage,
  grantable,
}: ApiKeysPanelProps) {
  const words = labels.keys;
  const list = useRemoteList({ spec: apiKeyListSpec, initialState, initialResult, load: fetchApiKeys });
  const { result } = list;
  const dates = useDateOptions();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The words stay those of the last question while the dialog fades out.
  const asked = useRef(revoking);
  if (revoking) asked.current = revoking;

  async function revoke() {
    if (!revoking) return;
    try {
      await revokeApiKey(revoking.id);
      showSnackbar({ message: fill(words.revokedDone, { name: revoking.name }), severity: 'success' });
      setRevoking(null);
      setError(null);
      void list.reload();
    } catch (failure) {
      setError(describeFailure(failure, labels.list.unreachable).message);
      throw failure;
    }
  }

  const values = { name: asked.current?.name ?? '', prefix: asked.current?.prefix ?? '' };
  return (
    <div className="app-list">
      <ListToolbar
        searchId="api-keys-search"
        searchLabel={words.search}
        search={list.searchText}
        onSearch={list.setSearch}
      >
        {manage && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <IconPlus size={18} aria-hidden="true" />
            <span>{words.create}</span>
          </button>
        )}
      </ListToolbar>
      <ApiKeysTable
        rows={result.list}
        busy={list.loading}
        locale={locale}
        dates={dates}
        labels={words}
        scopeLabels={labels.scopes}
        listLabels={labels.list}
        onRevoke={manage ? setRevoking : undefined}
      />
      <ListFooter
        list={list}
        emptyText={words.empty}
        emptyAction={
          manage && { text: words.emptyCreate, label: words.create, onClick: () => setCreating(true) }
        }
        locale={locale}
        idPrefix="api-keys"
        labels={labels.list}
      />
      <ApiKeysForm
        show={creating}
        labels={labels}
        grantable={grantable}
        onHide={() => setCreating(false)}
        onCreated={(saved) => {
          setCreating(false);
          setCreated(saved.created);
          showSnackbar({ message: saved.message, severity: 'success' });
          void list.reload();
        }}
      />
      <ApiKeysSecretDialog secret={created?.key ?? null} labels={words} onDone={() => setCreated(null)} />
      <ConfirmDialog
        show={revoking !== null}
        title={words.confirmTitle}
        message={fill(words.confirmMessage, values)}
        confirmLabel={words.revoke}
        labels={labels.confirm}
        danger
        error={error}
        onConfirm={revoke}
        onCancel={() => {
          setRevoking(null);
          setError(null);
        }}
      />
    </div>
  );
}
