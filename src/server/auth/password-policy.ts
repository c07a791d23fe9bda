import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords } from '@zxcvbn-ts/language-en';

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonWords, ...englishWords },
  graphs: adjacencyGraphs,
});

/**
 * DESIGN.md §8: no composition rules, but passwords that are common or trivially guessable are
 * refused. zxcvbn's score 0–1 means fewer than a million guesses: a dictionary word, a keyboard
 * walk, a date. The email and names are passed so "jane.doe2024" counts as guessable for Jane.
 */
export function isTooGuessable(password: string, personal: string[] = []): boolean {
  return zxcvbn.check(password, personal).score < 2;
}
