/** Real browsers' user agents, for sessions that should be listed as a known device. */
export const USER_AGENTS = {
  /** Firefox on Windows (desktop). */
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  /** Safari on an iPhone (iOS, mobile). */
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  /** Nothing a parser can name. */
  unknown: 'curl/8.5.0',
} as const;
