import { describe, expect, it } from 'vitest';
import { isTooGuessable } from './password-policy';

describe('isTooGuessable', () => {
  it.each(['password', 'password1', 'qwertyuiop', '12345678', 'iloveyou'])('refuses %s', (password) => {
    expect(isTooGuessable(password)).toBe(true);
  });

  it('refuses passwords made of the admin’s own details', () => {
    expect(isTooGuessable('quillpenwright')).toBe(false);
    expect(
      isTooGuessable('quillpenwright', [
        'quillpenwright@example.com',
        'Quill',
        'Penwright',
        'quillpenwright',
      ]),
    ).toBe(true);
  });

  it.each(['puzzleadmin2024', 'PuzzleAdmin!', 'puzzleadmin', 'adminpuzzle1', 'administrarepuzzle'])(
    'refuses the product’s own name: %s',
    (password) => {
      expect(isTooGuessable(password)).toBe(true);
    },
  );

  it('accepts long or random passwords without composition rules', () => {
    expect(isTooGuessable('correct horse battery staple')).toBe(false);
    expect(isTooGuessable('vq7#Lm2p!')).toBe(false);
  });
});
