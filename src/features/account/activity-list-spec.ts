import { defineListSpec } from '../../lib/list-url';

/** The Activity tab in the URL: `?tab=activity&page=&record=` (the tab parameter stays). */
export const activityListSpec = defineListSpec({ sorts: ['newest'], defaultSort: 'newest', filters: {} });
