import LogoutButton from '../features/auth/LogoutButton';
import FeedbackHost from '../features/feedback/FeedbackHost';
import LanguageMenu from '../features/language/LanguageMenu';
import HeaderAccount from '../features/profile/HeaderAccount';
import SettingsDrawer from '../features/settings/SettingsDrawer';
import UserQuickSearch from '../features/users/UserQuickSearch';
import { cacheIslandHtml } from '../server/render/island-cache';

/**
 * The islands every signed-in page carries. Their server HTML depends only on their props (the
 * language's labels, the admin's name and photo, a flash message): nothing reads the clock, a
 * random value or the request, and the stores they read are never written on the server. So the
 * React renderer may reuse it (src/server/render/island-cache.ts); imported by AdminLayout.
 */
cacheIslandHtml(LogoutButton, FeedbackHost, LanguageMenu, HeaderAccount, SettingsDrawer, UserQuickSearch);
