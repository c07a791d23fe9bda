/** The sections of /account-setting, in menu order; `?tab=` picks one, the first is the default. */
export const ACCOUNT_TABS = ['password', 'sessions', 'activity', 'admins', 'keys'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export function accountTab(value: string | null): AccountTab {
  return (ACCOUNT_TABS as readonly string[]).includes(value ?? '') ? (value as AccountTab) : 'password';
}

export const accountTabHref = (tab: AccountTab) => `/account-setting?tab=${tab}`;
