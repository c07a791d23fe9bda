import { onDemandDialog } from '../../components/OnDemandDialog';
import LogoutDialog from './LogoutDialog';

/** The logout confirmation, loaded by logout-trigger.ts on its first use. */
export const logoutDialog = onDemandDialog(LogoutDialog);
