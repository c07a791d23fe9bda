import { describe, expect, it } from 'vitest';
import { secondsUntil } from './use-cooldown';

describe('secondsUntil', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(0, 10_000)).toBe(0);
  });
});
