import Bowser from 'bowser';
import type { SessionDevice } from '../../shared/account/session-row';

const UNKNOWN: SessionDevice = { browser: null, os: null, type: null };

/**
 * Names the browser, system and kind of device a user agent claims, with bowser (a maintained
 * parser under MIT; ua-parser-js 2 is AGPL). Parsed here on the server: the browser bundle stays
 * small, and a user agent too odd to parse is simply "unknown".
 */
export function parseDevice(userAgent: string | null): SessionDevice {
  if (!userAgent?.trim()) return UNKNOWN;
  try {
    const parsed = Bowser.parse(userAgent);
    return {
      browser: parsed.browser.name || null,
      os: parsed.os.name || null,
      type: parsed.platform.type || null,
    };
  } catch {
    return UNKNOWN;
  }
}
