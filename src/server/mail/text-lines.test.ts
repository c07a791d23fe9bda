import { describe, expect, it } from 'vitest';
import { consoleText } from './mailer';
import { oneLine, printable, quoteLines, splitLines } from './text-lines';

describe('text lines', () => {
  it('split on every kind of line break', () => {
    expect(splitLines('a\r\nb\nc\rd\u2028e\u2029f\u0085g\vh\fi')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
    ]);
    expect(oneLine('Help\r\nme\rnow')).toBe('Help me now');
  });

  it('quote every line, and show control characters instead of passing them on', () => {
    expect(quoteLines('one\r\ntwo\r\n\rthree')).toEqual(['> one', '> two', '>', '> three']);
    expect(printable('a\u001b[1Ab\u0000\tc')).toBe('a\\u001b[1Ab\\u0000\tc');
  });

  it('mark every printed line of a mail', () => {
    const text = consoleText(
      { to: 'a@b.co', subject: 'S\n{"level":"info"}', text: 'one\r{"x":1}\n\ntwo', html: '' },
      '/tmp/x.eml',
    );
    for (const line of text.split('\n')) expect(line.startsWith('[mail]')).toBe(true);
    expect(text).toContain('Subject: S {"level":"info"}');
  });
});
