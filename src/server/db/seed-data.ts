/**
 * Word lists and page texts for the demo data. ASCII only, because names also make up the e-mail
 * addresses; every list is rendered into SQL with `sqlArray`, so quotes are safe but not needed.
 */

export const FIRST_NAMES = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Sofia',
  'Mark',
  'Emma',
  'Luca',
  'Olivia',
  'Ahmed',
  'Fatima',
  'Wei',
  'Mei',
  'Hiroshi',
  'Yuki',
  'Ravi',
  'Priya',
  'Andrei',
  'Ioana',
  'Pierre',
  'Camille',
  'Lukas',
  'Hannah',
  'Mateo',
  'Lucia',
  'Omar',
  'Amara',
  'Noah',
  'Chloe',
];

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Tanaka',
  'Sato',
  'Patel',
  'Sharma',
  'Popescu',
  'Ionescu',
  'Dubois',
  'Moreau',
  'Muller',
  'Schmidt',
  'Rossi',
  'Bianchi',
  'Haddad',
  'Okafor',
  'Silva',
  'Costa',
];

/** Category and the rules text that becomes a puzzle's content. */
export const PUZZLE_CATEGORIES: ReadonlyArray<readonly [string, string]> = [
  ['Sudoku', 'Fill the 9x9 grid so that every row, column and 3x3 box holds the digits 1 to 9 once.'],
  ['Crossword', 'Solve the clues and write the answers across and down; crossing letters must agree.'],
  ['Word search', 'Find every listed word hidden in the letter grid, forwards, backwards or diagonally.'],
  ['Logic grid', 'Use the clues to match each person to exactly one item from every category.'],
  ['Jigsaw', 'Drag the pieces into place to rebuild the picture; edge pieces are a good start.'],
  ['Nonogram', 'Shade cells so that each row and column matches the run lengths given beside it.'],
  ['Kakuro', 'Place digits 1 to 9 so each run adds up to its clue, with no digit repeated in a run.'],
  ['Anagram', 'Rearrange the letters of each word to find the hidden answer before time runs out.'],
  ['Maze', 'Find the single path from the entrance to the exit without crossing a wall.'],
  ['Minesweeper', 'Reveal every safe square; the numbers tell how many mines touch each square.'],
];

export const PUZZLE_ADJECTIVES = [
  'Morning',
  'Midnight',
  'Weekend',
  'Daily',
  'Classic',
  'Coastal',
  'Autumn',
  'Winter',
  'Spring',
  'Summer',
  'Lightning',
  'Relaxing',
];

export const NOTIFICATIONS: ReadonlyArray<readonly [string, string]> = [
  ['New puzzles this week', 'Ten fresh puzzles just landed. Open the app to try them first.'],
  ['Daily challenge is live', "Today's challenge is ready. Solve it before midnight to keep your streak."],
  ['Scheduled maintenance', 'The game will be unavailable on Sunday from 02:00 to 03:00 UTC.'],
  ['Your streak is waiting', 'You have not played for a few days. One quick puzzle keeps the streak alive.'],
  ['Weekend tournament', 'Join the weekend Sudoku tournament and climb the leaderboard.'],
  ['New category: Nonogram', 'Picture logic puzzles are here. Start with the easy ones to learn the rules.'],
  ['Updated terms', 'We updated our terms and conditions. Please take a moment to read them.'],
  ['Achievement unlocked', 'Congratulations! You solved 100 puzzles. Keep going!'],
  ['Hint packs on sale', 'Hint packs are half price until Friday.'],
  ['Thanks for playing', 'Thank you for being part of our community of puzzle lovers.'],
];

export const SUPPORT_QUERIES: ReadonlyArray<readonly [string, string]> = [
  ['Cannot log in', 'I reset my password but the app still says my credentials are wrong.'],
  ['Lost my progress', 'After updating the app my streak and solved puzzles are gone.'],
  ['Wrong solution accepted', 'The Sudoku marked my answer correct although two rows repeat a digit.'],
  ['Purchase not received', 'I bought a hint pack yesterday but the hints were never added.'],
  ['App crashes on start', 'Since this morning the app closes right after the splash screen.'],
  ['Change my e-mail address', 'How can I change the e-mail address linked to my account?'],
  ['Delete my account', 'Please delete my account and all the data you hold about me.'],
  ['Puzzle too hard', 'The hard crosswords use words I have never heard of. Could you add hints?'],
  ['Notifications too frequent', 'I get several notifications a day. Can I receive fewer?'],
  ['Leaderboard score missing', 'My tournament score does not appear on the weekend leaderboard.'],
];

export const SUPPORT_REPLIES = [
  'Thanks for reaching out. We are looking into this and will get back to you shortly.',
  'Could you tell us which device and app version you are using?',
  'This is fixed in the latest update. Please update the app and try again.',
  'We have restored your account. Everything should be back as it was.',
  'Done. Let us know if there is anything else we can help with.',
];

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
 * The playable part of each category's demo content (src/features/puzzles/puzzle-content.ts);
 * the category's rules text above becomes its `instructions`. A unit test parses every one.
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
