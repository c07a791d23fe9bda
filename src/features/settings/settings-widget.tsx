import { onDemandDialog } from '../../components/OnDemandDialog';
import SettingsDrawer from './SettingsDrawer';

/** The settings drawer, loaded by settings-trigger.ts on its first use. */
export const settingsDrawer = onDemandDialog(SettingsDrawer);
