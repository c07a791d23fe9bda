/**
 * The demo data's texts. The word lists and the short texts (names, puzzle categories with their
 * rules, notifications, support queries and replies) are data, kept in seed-text.json; the page
 * texts and the puzzle boards are here. ASCII only, because names also make up the e-mail
 * addresses; every list is rendered into SQL with `sqlArray`, so quotes are safe but not needed.
 */
import text from './seed-text.json';

export const FIRST_NAMES: readonly string[] = text.firstNames;
export const LAST_NAMES: readonly string[] = text.lastNames;

/** Each category and the rules text that becomes a puzzle's content. */
export const PUZZLE_CATEGORIES: ReadonlyArray<{ category: string; rules: string }> = text.puzzleCategories;
export const PUZZLE_ADJECTIVES: readonly string[] = text.puzzleAdjectives;
export const NOTIFICATIONS: ReadonlyArray<{ title: string; message: string }> = text.notifications;
export const SUPPORT_QUERIES: ReadonlyArray<{ subject: string; message: string }> = text.supportQueries;
export const SUPPORT_REPLIES: readonly string[] = text.supportReplies;

export interface CmsSeed {
  slug: 'about-us' | 'privacy-policy' | 'terms-and-conditions';
  title: string;
  content: string;
}

export const CMS_PAGES: readonly CmsSeed[] = [
  {
    slug: 'about-us',
    title: 'About Us',
    content: [
      '<h2>Who we are</h2>',
      '<p>We are a small team of puzzle lovers who build brain games for people on the go.</p>',
      '<h2>What we make</h2>',
      '<ul><li>Daily Sudoku, crosswords and word searches</li><li>Logic grids and nonograms</li>',
      '<li>Weekend tournaments with friendly leaderboards</li></ul>',
      '<p>Every puzzle is checked by hand before it is published.</p>',
    ].join(''),
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    content: [
      '<h2>What we collect</h2>',
      '<p>Your name, e-mail address, optional phone number and the games you play.</p>',
      '<h2>Why we collect it</h2>',
      '<ul><li>To keep your progress and streaks</li><li>To answer your support requests</li>',
      '<li>To send the notifications you agreed to receive</li></ul>',
      '<h2>Your rights</h2>',
      '<p>You can ask for a copy of your data or for its deletion at any time through the help center.</p>',
    ].join(''),
  },
  {
    slug: 'terms-and-conditions',
    title: 'Terms and Conditions',
    content: [
      '<h2>Using the game</h2>',
      '<p>By creating an account you agree to play fairly and to keep your password private.</p>',
      '<h2>Purchases</h2>',
      '<p>Hint packs are digital goods and are delivered to your account right after payment.</p>',
      '<h2>Ending your account</h2>',
      '<ul><li>You may delete your account at any time</li><li>We may block accounts that cheat</li></ul>',
    ].join(''),
  },
];

const quiz = (question: string, choices: string[], answer: number) => ({
  type: 'quiz',
  questions: [{ question, choices, answer }],
});

/**
 * The playable part of each category's demo content (src/shared/puzzles/puzzle-content.ts);
 * the category's rules text (seed-text.json) becomes its `instructions`. A unit test parses every one.
 */
export const PUZZLE_BOARDS: Readonly<Record<string, Record<string, unknown>>> = {
  Sudoku: {
    type: 'sudoku',
    grid: [
      [5, 3, 0, 0, 7, 0, 0, 0, 0],
      [6, 0, 0, 1, 9, 5, 0, 0, 0],
      [0, 9, 8, 0, 0, 0, 0, 6, 0],
      [8, 0, 0, 0, 6, 0, 0, 0, 3],
      [4, 0, 0, 8, 0, 3, 0, 0, 1],
      [7, 0, 0, 0, 2, 0, 0, 0, 6],
      [0, 6, 0, 0, 0, 0, 2, 8, 0],
      [0, 0, 0, 4, 1, 9, 0, 0, 5],
      [0, 0, 0, 0, 8, 0, 0, 7, 9],
    ],
  },
  Crossword: {
    type: 'crossword',
    rows: 5,
    cols: 5,
    entries: [
      { number: 1, direction: 'across', row: 0, col: 0, answer: 'CATS', clue: 'Purring pets' },
      { number: 1, direction: 'down', row: 0, col: 0, answer: 'COW', clue: 'It gives milk' },
      { number: 2, direction: 'down', row: 0, col: 2, answer: 'TEA', clue: 'A hot drink' },
    ],
  },
  'Word search': {
    type: 'word_search',
    grid: ['CATSX', 'AOXBX', 'RXGXX', 'XXXOX', 'XXXXD'],
    words: ['CAT', 'CAR', 'DOG'],
  },
  'Logic grid': quiz(
    'Ann is older than Ben, and Ben is older than Cy. Who is the youngest?',
    ['Ann', 'Ben', 'Cy'],
    2,
  ),
  Jigsaw: quiz('How many pieces does a jigsaw of 4 rows and 5 columns have?', ['9', '20', '25'], 1),
  Nonogram: { type: 'nonogram', rows: [[1], [3], [1]], cols: [[1], [3], [1]] },
  Kakuro: quiz('Which two different digits add up to 17?', ['8 and 9', '7 and 9', '9 and 9'], 0),
  Anagram: quiz('Which word is an anagram of LISTEN?', ['SILENT', 'LISTED', 'LIGHTEN'], 0),
  Maze: { type: 'maze', grid: ['#####', '#S..#', '###.#', '#E..#', '#####'] },
  Minesweeper: {
    type: 'minesweeper',
    rows: 5,
    cols: 5,
    mines: [
      [0, 1],
      [2, 3],
      [4, 4],
    ],
  },
};

/** A category's demo content as the JSON text an admin would type. */
export function puzzleContentText(category: string, rules: string): string {
  return JSON.stringify({ ...PUZZLE_BOARDS[category], instructions: rules }, null, 2);
}
