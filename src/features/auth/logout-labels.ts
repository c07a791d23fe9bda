/** Logout's words: its header button's (LogoutButton.astro) and its confirmation dialog's. */
export const logoutLabelKeys = {
  logout: 'shell.logout',
  question: 'logout.confirm',
  yes: 'logout.yes',
  no: 'logout.no',
} as const;
