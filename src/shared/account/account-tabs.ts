/** The sections of /account-setting, in menu order (tab → its name's catalogue key); `?tab=` picks one. */
export const ACCOUNT_TABS = {
  password: 'accountSetting.tab.password',
  security: 'accountSetting.tab.security',
  sessions: 'accountSetting.tab.sessions',
  activity: 'accountSetting.tab.activity',
  admins: 'accountSetting.tab.admins',
  roles: 'accountSetting.tab.roles',
  keys: 'accountSetting.tab.keys',
} as const;
export type AccountTab = keyof typeof ACCOUNT_TABS;

/** The tab a `?tab=` value names; the first (password) when it names none. */
export function accountTab(value: string | null): AccountTab {
  return value !== null && Object.hasOwn(ACCOUNT_TABS, value) ? (value as AccountTab) : 'password';
}

export const accountTabHref = (tab: AccountTab) => `/account-setting?tab=${tab}`;
