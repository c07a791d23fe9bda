import { onDemandDialog } from '../../components/OnDemandDialog';
import UserQuickSearch from './UserQuickSearch';

/** The quick search dialog, loaded by quick-search-trigger.ts on its first use. */
export const quickSearch = onDemandDialog(UserQuickSearch);
