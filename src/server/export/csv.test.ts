import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream, CSV_BOM } from './csv';

/** Decoded by hand: Response.text() would drop the byte-order mark this module promises. */
async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return Buffer.from(await new Response(stream).arrayBuffer()).toString('utf8');
}

describe('CSV cells', () => {
  it('quotes only what needs it, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-5)).toBe('-5');
  });

  it('quotes every cell a spreadsheet could split: semicolons and tabs as well as commas', () => {
    // Excel with French or Romanian settings splits on ';': bare, the second part runs as a formula.
    expect(csvCell('Al;=1+1;x')).toBe(`"Al;'=1+1;x"`);
    expect(csvCell('a,-1')).toBe(`"a,'-1"`);
    expect(csvCell('a;\t=1')).toBe(`"a;'\t'=1"`);
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvLine(['x;y', 'z'])).toBe('"x;y",z\r\n');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('csvStream', () => {
  it('writes the BOM and header, then asks for one batch at a time until an empty one', async () => {
    const batches = [[1, 2], [3], []];
    const asked: number[] = [];
    let readyCalls = 0;
    const stream = csvStream(
      ['n'],
      (n: number) => [n],
      async () => {
        asked.push(asked.length);
        return batches[asked.length - 1]!;
      },
      async () => void (readyCalls += 1),
    );
    expect(await text(stream)).toBe(`${CSV_BOM}n\r\n1\r\n2\r\n3\r\n`);
    expect(asked).toEqual([0, 1, 2]);
    expect(readyCalls).toBe(3);
  });

  it('fetches nothing before the reader asks', async () => {
    let fetched = 0;
    const stream = csvStream(
      ['n'],
      (n: number) => [n],
      async () => {
        fetched += 1;
        return [fetched];
      },
    );
    const reader = stream.getReader();
    await reader.read(); // the header
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetched).toBeLessThanOrEqual(1);
    await reader.cancel();
  });
});
