import { describe, expect, it } from 'vitest';
import { WRONG_SERVICES } from './api-client';
import { countIn, describeFailure } from './api-failure';

describe('describeFailure', () => {
  it('reads the status, message, field errors and body of an envelope', () => {
    const failure = describeFailure(
      {
        succeeded: false,
        ResponseCode: 400,
        ResponseMessage: 'Wrong code.',
        errors: { otp: 'That code is not right.' },
        ResponseBody: { triesLeft: 3 },
      },
      'offline',
    );
    expect(failure).toEqual({
      status: 400,
      message: 'Wrong code.',
      fields: { otp: 'That code is not right.' },
      body: { triesLeft: 3 },
    });
    expect(countIn(failure.body, 'triesLeft')).toBe(3);
  });

  it('falls back to the "unreachable" sentence without an envelope', () => {
    for (const error of [WRONG_SERVICES, new TypeError('fetch failed'), undefined]) {
      expect(describeFailure(error, 'offline')).toEqual({
        status: 0,
        message: 'offline',
        fields: {},
        body: {},
      });
    }
  });

  it('ignores counts that are not numbers', () => {
    expect(countIn({ retryAfter: '5' }, 'retryAfter')).toBeUndefined();
    expect(countIn({ retryAfter: -1 }, 'retryAfter')).toBeUndefined();
    expect(countIn({ resendsLeft: 0 }, 'resendsLeft')).toBe(0);
  });
});
