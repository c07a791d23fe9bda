import { onDemandDialog } from '../../components/OnDemandDialog';
import ReauthDialog from './ReauthDialog';

/** Loaded on the first 403 `reauth_required` (reauth-prompt.ts). */
export const reauthDialog = onDemandDialog(ReauthDialog);
