/**
 * CSV as spreadsheets read it (RFC 4180): UTF-8 with a byte-order mark (so Excel does not guess
 * a legacy code page), CRLF line ends, quotes doubled. Hand-written: the quoting is three lines and
 * the formula neutralising below is ours to decide either way.
 */
export const CSV_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and tab / carriage return,
 * which some programs strip first) gets a leading apostrophe: shown as text, never evaluated
 * (OWASP, "CSV Injection"). So does every place inside the text where a spreadsheet splitting on
 * another separator (`;` with French or Romanian settings, or a tab) would start a cell: quoting
 * protects only where the quote opens the cell as that spreadsheet sees it.
 */
export function neutralise(text: string): string {
  return text.replace(/(?<=^|[,;\t])(?=[=+\-@\t\r])/g, "'");
}

/**
 * Quoted when it holds a quote, a line break or any character a spreadsheet may split on: the
 * comma, and also the semicolon (Excel's separator where the comma is the decimal mark, as in
 * French and Romanian settings) and the tab. A bare `Al;=1+1` would otherwise become a cell of its
 * own starting with `=`, past the neutralising of the cell's first character.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutralise(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A streamed CSV body: the header, then one batch at a time from `nextBatch` (which returns an
 * empty array when done). Each batch is fetched only when the previous one has been handed on and
 * `ready()` says the client has taken it, so memory holds about one batch whatever the row count.
 */
export function csvStream<Row>(
  header: readonly string[],
  toCells: (row: Row) => readonly (string | number | null | undefined)[],
  nextBatch: () => Promise<Row[]>,
  ready: () => Promise<void> = async () => {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)));
      },
      async pull(controller) {
        await ready();
        const rows = await nextBatch();
        if (rows.length === 0) return controller.close();
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(toCells(row))).join('')));
      },
    },
    { highWaterMark: 0 },
  );
}

/** The answer an export sends: a dated attachment (`users-2026-11-24.csv`), never cached. */
export function csvDownload(body: ReadableStream<Uint8Array>, name: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
