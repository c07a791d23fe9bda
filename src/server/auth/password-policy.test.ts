import { describe, expect, it } from 'vitest';
import { isTooGuessable } from './password-policy';

describe('isTooGuessable', () => {
  it.each(['password', 'password1', 'qwertyuiop', '12345678', 'iloveyou'])('refuses %s', (password) => {
    expect(isTooGuessable(password)).toBe(true);
  });

  it('refuses passwords made of the admin’s own details', () => {
    expect(isTooGuessable('puzzleadmin')).toBe(false);
    expect(isTooGuessable('puzzleadmin', ['puzzleadmin@example.com', 'Puzzle', 'Admin', 'puzzleadmin'])).toBe(
      true,
    );
  });

  it('accepts long or random passwords without composition rules', () => {
    expect(isTooGuessable('correct horse battery staple')).toBe(false);
    expect(isTooGuessable('vq7#Lm2p!')).toBe(false);
  });
});
