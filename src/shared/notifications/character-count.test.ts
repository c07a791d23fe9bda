import { describe, expect, it } from 'vitest';
import { characterCount } from './character-count';
import { MESSAGE_MAX, SendNotificationInput, TITLE_MAX } from './notification-input';

describe('the title and message counters', () => {
  it('counts what is typed and what is left', () => {
    expect(characterCount('', TITLE_MAX)).toEqual({ used: 0, left: 120, over: false });
    expect(characterCount('Hello', TITLE_MAX)).toEqual({ used: 5, left: 115, over: false });
    expect(characterCount('x'.repeat(120), TITLE_MAX)).toEqual({ used: 120, left: 0, over: false });
    expect(characterCount('x'.repeat(125), TITLE_MAX)).toEqual({ used: 125, left: 0, over: true });
  });

  it('says "over" exactly where the endpoint’s schema starts refusing, emoji included', () => {
    const base = { user_ids: [1] };
    for (const unit of ['x', 'é', '🧩']) {
      for (const max of [TITLE_MAX, MESSAGE_MAX]) {
        const field = max === TITLE_MAX ? 'title' : 'message';
        const other = field === 'title' ? { message: 'm' } : { title: 't' };
        const atLimit = unit.repeat(Math.floor(max / unit.length));
        const beyond = atLimit + unit;
        expect(characterCount(atLimit, max).over).toBe(false);
        expect(SendNotificationInput.safeParse({ ...base, ...other, [field]: atLimit }).success).toBe(true);
        expect(characterCount(beyond, max).over).toBe(true);
        expect(SendNotificationInput.safeParse({ ...base, ...other, [field]: beyond }).success).toBe(false);
      }
    }
  });
});
