import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import { API_KEY_SCOPES } from '../../shared/roles/permissions';
import type { ApiKeyRow } from '../../shared/api-keys/api-key-input';
import { apiKeysPanelLabels } from './api-keys-labels';
import ApiKeysTable from './ApiKeysTable';

const labels = apiKeysPanelLabels(getT('en'));
const key = (id: number, scopes: ApiKeyRow['scopes']): ApiKeyRow => ({
  id,
  name: `Key ${id}`,
  prefix: 'pzk_abcdefgh',
  scopes,
  created_by: 'Admin',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
});

describe('ApiKeysTable', () => {
  it('says "everything" for a key with every permission, and names them for one with fewer', () => {
    const html = renderToStaticMarkup(
      <ApiKeysTable
        rows={[key(1, [...API_KEY_SCOPES]), key(2, ['games.write', 'puzzles.read'])]}
        busy={false}
        locale="en"
        dates={{}}
        labels={labels.keys}
        scopeLabels={labels.scopes}
        listLabels={labels.list}
      />,
    );
    expect(html).toContain('May: everything');
    expect(html).toContain('May: Record games, Read published puzzles');
    expect(html.match(/May: /g)).toHaveLength(2);
  });
});
