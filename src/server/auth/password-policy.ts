import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords } from '@zxcvbn-ts/language-en';
import { normalizePassword } from '../../shared/auth/password-text';
import { catalogues } from '../../i18n';

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonWords, ...englishWords },
  graphs: adjacencyGraphs,
});

/**
 * The product's own name in every language (and its parts), so "puzzleadmin2024" is as guessable
 * as it looks. zxcvbn lowercases these; names with spaces are also given joined up.
 */
const PRODUCT_WORDS = [
  ...new Set(
    ['puzzle', 'admin', 'puzzleadmin', 'puzzle admin', 'puzzle-admin', 'admin puzzle', 'adminpuzzle'].concat(
      Object.values(catalogues).flatMap((catalogue) => {
        const name = catalogue['app.name'].toLowerCase();
        return [name, name.replace(/\s+/g, ''), ...name.split(/\s+/)];
      }),
    ),
  ),
];

/**
 * DESIGN.md §8: no composition rules, but passwords that are common or trivially guessable are
 * refused. zxcvbn's score 0–1 means fewer than a million guesses: a dictionary word, a keyboard
 * walk, a date. The email and names are passed so "jane.doe2024" counts as guessable for Jane;
 * the product's name always is. The password is judged in the form it is hashed in (NFKC).
 */
export function isTooGuessable(password: string, personal: string[] = []): boolean {
  return zxcvbn.check(normalizePassword(password), [...PRODUCT_WORDS, ...personal]).score < 2;
}
