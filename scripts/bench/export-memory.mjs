// A CSV export streamed to the end while the server's memory is watched: the figures behind the
// "export RSS grows under 100 MB" budgets (bench:users, bench:audit).
import fs from 'node:fs';
import { mark, printTable } from './table.mjs';
import { request } from './users-http.mjs';
import { memoryOf, resetPeak } from './users-server.mjs';

const MB = 1_000_000;
const mb = (bytes) => (bytes / MB).toFixed(0);

/** Streams the whole CSV, counting lines, while sampling the server's RSS every 20 ms. */
export async function measureExport(baseUrl, target, token, pid) {
  const before = memoryOf(pid).rss;
  const peakReset = resetPeak(pid);
  let sampledPeak = before;
  const sampler = setInterval(() => {
    // A server that died mid-export has no /proc entry; the request's failure reports that.
    if (fs.existsSync(`/proc/${pid}/status`)) sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
  }, 20);
  let newlines = 0;
  let lastByte = 0x0a;
  let response;
  try {
    response = await request(baseUrl, 'GET', target, {
      token,
      onChunk: (chunk) => {
        for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) newlines++;
        if (chunk.length > 0) lastByte = chunk[chunk.length - 1];
      },
    });
  } finally {
    clearInterval(sampler);
  }
  if (response.status !== 200) throw new Error(`GET ${target}: ${response.status}`);
  const after = memoryOf(pid);
  // Lines minus the header; a last line without a final newline still counts.
  const rows = newlines - 1 + (lastByte === 0x0a ? 0 : 1);
  const peak = Math.max(sampledPeak, peakReset ? after.hwm : 0);
  return {
    rows,
    bytes: response.bytes,
    seconds: response.ms / 1000,
    contentType: response.headers['content-type'],
    before,
    peak,
    after: after.rss,
    peakSource: peakReset ? 'VmHWM (reset before the export) and 20 ms samples' : '20 ms samples of VmRSS',
  };
}

export function printExports(title, runs) {
  console.log(`\nCSV export (${title}, ${runs[0].contentType}), streamed and counted\n`);
  printTable(
    [
      'run',
      'rows',
      'MB sent',
      'seconds',
      'rows/s',
      'RSS before MB',
      'RSS peak MB',
      'RSS after MB',
      'growth MB',
      'budget',
    ],
    runs.map((figures, i) => {
      const growth = figures.peak - figures.before;
      return [
        i + 1,
        figures.rows.toLocaleString('en'),
        mb(figures.bytes),
        figures.seconds.toFixed(1),
        Math.round(figures.rows / figures.seconds).toLocaleString('en'),
        mb(figures.before),
        mb(figures.peak),
        mb(figures.after),
        mb(growth),
        `< 100 MB ${mark(growth < 100 * MB)}`,
      ];
    }),
  );
  console.log(`(MB = 1,000,000 bytes; growth = peak − before; peak from ${runs[0].peakSource})`);
}
