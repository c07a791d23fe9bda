import { describe, expect, it } from 'vitest';
import { changeOf } from './change';

describe('changeOf', () => {
  it('says up, down or the same, with the share of the previous value', () => {
    expect(changeOf({ value: 150, previous: 100 })).toEqual({ direction: 'up', percent: 0.5 });
    expect(changeOf({ value: 75, previous: 100 })).toEqual({ direction: 'down', percent: 0.25 });
    expect(changeOf({ value: 0, previous: 40 })).toEqual({ direction: 'down', percent: 1 });
    expect(changeOf({ value: 7, previous: 7 })).toEqual({ direction: 'same', percent: 0 });
    expect(changeOf({ value: 0, previous: 0 })).toEqual({ direction: 'same', percent: 0 });
  });

  it('gives no percentage of nothing', () => {
    expect(changeOf({ value: 3, previous: 0 })).toEqual({ direction: 'up', percent: null });
  });
});
