import { defineListSpec } from '../../lib/list-url';

/**
 * The keys list in the URL beside `?tab=keys` (`&page=&record=&search=`). One order only: live
 * keys first, newest first; so no sort and no filter.
 */
export const apiKeyListSpec = defineListSpec({ sorts: ['-created'], defaultSort: '-created', filters: {} });
