import { describe, expect, it } from 'vitest';
import { describeDevice } from '../../shared/account/session-device';
import { parseDevice } from './device';

const labels = { device: '{{browser}} on {{os}}', unknownDevice: 'Unknown device' };
const words = (userAgent: string | null) => describeDevice(parseDevice(userAgent), labels);

describe('a session device', () => {
  it('names real browsers and systems', () => {
    expect(
      parseDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toEqual({ browser: 'Firefox', os: 'Windows', type: 'desktop' });
    expect(
      words(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      words(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Microsoft Edge on macOS');
  });

  it('says "Unknown device" for what it cannot name, and never throws', () => {
    for (const agent of [null, '', '   ', 'curl/8.5.0', 'vitest', '\u0000'.repeat(600)]) {
      expect(words(agent)).toBe('Unknown device');
    }
  });
});
