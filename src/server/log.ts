/**
 * One JSON line per event on stderr, whatever the error holds: a stack becomes an escaped field,
 * so a log shipper never splits one failure into many lines.
 */
export function logError(event: string, error: unknown, extra: Record<string, unknown> = {}): void {
  process.stderr.write(
    `${JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      event,
      ...extra,
      error: String(error instanceof Error ? (error.stack ?? error.message) : error),
    })}\n`,
  );
}
