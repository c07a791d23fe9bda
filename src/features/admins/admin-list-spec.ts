import { defineListSpec } from '../../lib/list-url';

/** The admins list in the URL beside `?tab=admins`: `&page=&record=&search=` (name order only). */
export const adminListSpec = defineListSpec({ sorts: ['name'], defaultSort: 'name', filters: {} });
