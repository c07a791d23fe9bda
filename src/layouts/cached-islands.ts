import LogoutButton from '../features/auth/LogoutButton';
import DashboardCards from '../features/dashboard/DashboardCards';
import DashboardDayTable from '../features/dashboard/DashboardDayTable';
import DashboardTopPuzzles from '../features/dashboard/DashboardTopPuzzles';
import FeedbackHost from '../features/feedback/FeedbackHost';
import LanguageMenu from '../features/language/LanguageMenu';
import HeaderAccount from '../features/profile/HeaderAccount';
import SettingsDrawer from '../features/settings/SettingsDrawer';
import GameHistoryScreen from '../features/games/GameHistoryScreen';
import PuzzlesScreen from '../features/puzzles/PuzzlesScreen';
import SupportScreen from '../features/support/SupportScreen';
import UserQuickSearch from '../features/users/UserQuickSearch';
import UsersScreen from '../features/users/UsersScreen';
import { cacheIslandHtml } from '../server/render/island-cache';

/**
 * Islands whose server HTML depends only on their props, so the React renderer may reuse it
 * (src/server/render/island-cache.ts); imported by AdminLayout. A component belongs here only if
 * its first render reads no clock, no random value and no request, and the stores it reads are
 * never written on the server; a screen that shows "3 minutes ago" or today's date does not.
 *
 * - The shell's islands: their props are the language's labels, the admin's name and photo and a
 *   flash message.
 * - /users, /puzzles (both views): their props are the first page of rows, the list state and the
 *   labels; dates are formatted from the rows, never against the clock, and details load after
 *   hydration.
 * - /help-center: "waiting for 3 hours" is measured from its `renderedAt` prop (floored to the
 *   minute), not from the clock. (/notifications offers today's date, so it is not here.)
 * - /dashboard's figures (cards, the charts' tables, top puzzles): React drawn on the server only,
 *   from the numbers and words in their props.
 */
cacheIslandHtml(LogoutButton, FeedbackHost, LanguageMenu, HeaderAccount, SettingsDrawer, UserQuickSearch);
cacheIslandHtml(UsersScreen, PuzzlesScreen, GameHistoryScreen, SupportScreen);
cacheIslandHtml(DashboardCards, DashboardDayTable, DashboardTopPuzzles);
