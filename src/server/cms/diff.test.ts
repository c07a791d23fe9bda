import { describe, expect, it } from 'vitest';
import { diffText } from './diff';

/** `count` distinct-looking words, the same for the same seed. */
const words = (count: number, seed: number) =>
  Array.from({ length: count }, (_, i) => `w${(i * seed) % 997}k${i % 13}`).join(' ');

/** The longest the event loop went without a turn while `work` ran, in milliseconds. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stall: number }> {
  let last = performance.now();
  let stall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    stall = Math.max(stall, performance.now() - last);
    return { result, stall };
  } finally {
    clearInterval(ticker);
  }
}

describe('diffText', () => {
  it('names the words added and removed, with the space before each', async () => {
    expect(await diffText('Play fair and be kind.', 'Play fair and have fun.')).toEqual([
      { kind: 'same', text: 'Play fair and' },
      { kind: 'removed', text: ' be kind' },
      { kind: 'added', text: ' have fun' },
      { kind: 'same', text: '.' },
    ]);
    expect(await diffText('Terms\nKeep it', 'Terms of use\nKeep it')).toEqual([
      { kind: 'same', text: 'Terms' },
      { kind: 'added', text: ' of use' },
      { kind: 'same', text: '\nKeep it' },
    ]);
  });

  it('gives up on two long versions with little in common, never holding the event loop long', async () => {
    const { result, stall } = await longestStall(() => diffText(words(6000, 7), words(6000, 11)));
    expect(result).toBeNull();
    // A step is bounded to 15 ms plus tokenizing; the margin is for a busy machine (unbounded: 41 s).
    expect(stall).toBeLessThan(500);
  });

  it('still compares a long page edited here and there, paragraph by paragraph', async () => {
    const paragraphs = Array.from({ length: 300 }, (_, i) => words(20, i + 2));
    const edited = paragraphs.map((text, i) => (i % 10 === 0 ? `${text} appended${i}` : text));
    const { result, stall } = await longestStall(() => diffText(paragraphs.join('\n'), edited.join('\n')));
    const added = result!.filter((part) => part.kind === 'added').map((part) => part.text.trim());
    expect(added).toEqual(Array.from({ length: 30 }, (_, i) => `appended${i * 10}`));
    expect(result!.map((part) => part.text).join('')).toContain(edited.join('\n'));
    expect(stall).toBeLessThan(500);
  });
});
