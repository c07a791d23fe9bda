// What every bench prints its figures with: Markdown tables, ready to paste into the README.

export const mark = (ok) => (ok ? '✓' : '✗');

export function printTable(header, rows) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
}
