import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One JSON line per request when the response ends. The path is logged without its query string:
 * queries can carry tokens (reset links) and search terms people type.
 */
export function logRequests(
  req: IncomingMessage,
  res: ServerResponse,
  enabled: boolean,
  requestId: string,
): void {
  if (!enabled) return;
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const line = {
      time: new Date().toISOString(),
      id: requestId,
      method: req.method,
      path: (req.url ?? '/').split('?')[0],
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  });
}
