import type { I18nKey } from '../../i18n/keys';
import { translate, type T } from '../../lib/labels';
import { permissionLabelKeys } from '../../shared/roles/roles-labels';
import { apiKeyScopeLabelKeys } from '../api-keys/api-keys-labels';

/** The reference page's words (the operations themselves are the document's: paths, fields, types). */
export const apiDocsLabelKeys = {
  intro: 'apiDocs.intro',
  documents: 'apiDocs.documents',
  app: 'apiDocs.tab.app',
  admin: 'apiDocs.tab.admin',
  download: 'apiDocs.download',
  count: 'apiDocs.count',
  public: 'apiDocs.caller.public',
  scope: 'apiDocs.caller.scope',
  session: 'apiDocs.caller.session',
  permission: 'apiDocs.caller.permission',
  account: 'apiDocs.caller.account',
  query: 'apiDocs.query',
  body: 'apiDocs.body',
  field: 'apiDocs.field',
  type: 'apiDocs.type',
  required: 'apiDocs.required',
  optional: 'apiDocs.optional',
  noInput: 'apiDocs.noInput',
  errors: 'apiDocs.errors',
  working: 'apiDocs.working',
  curl: 'apiDocs.curl',
  copy: 'apiDocs.copy',
  copied: 'apiDocs.copied',
  copyFailed: 'apiDocs.copyFailed',
} as const;

/** What each status the documents name means, in the page's language. */
export const apiDocsStatusKeys: Record<string, I18nKey> = {
  '400': 'apiDocs.status.400',
  '401': 'apiDocs.status.401',
  '403': 'apiDocs.status.403',
  '404': 'apiDocs.status.404',
  '409': 'apiDocs.status.409',
  '410': 'apiDocs.status.410',
  '411': 'apiDocs.status.411',
  '413': 'apiDocs.status.413',
  '415': 'apiDocs.status.415',
  '429': 'apiDocs.status.429',
  '500': 'apiDocs.status.500',
  '503': 'apiDocs.status.503',
};

export const apiDocsLabels = (t: T) => ({
  ...translate(t, apiDocsLabelKeys),
  statuses: translate(t, apiDocsStatusKeys) as Record<string, string>,
  permissions: translate(t, permissionLabelKeys) as Record<string, string>,
  scopes: translate(t, apiKeyScopeLabelKeys) as Record<string, string>,
});
export type ApiDocsLabels = ReturnType<typeof apiDocsLabels>;
