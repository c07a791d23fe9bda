import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { serverSecret } from './auth/server-secret';
import { loadSecretKey } from './mfa/secret-box';
import { startBackgroundWork } from './background';
import { config, ConfigError } from './config';
import { closeDatabase, database, ping } from './db/client';
import { ensureFirstAdmin } from './db/first-run';
import { migrate } from './db/migrate';
import { checkBodySize, LARGEST_CLASS } from './http/body-limit';
import { clientIp } from './http/client-ip';
import { trackRequests } from './http/drain';
import { runInRequest } from './http/request-context';
import { logRequests } from './http/request-log';
import { baseSecurityHeaders, contentSecurityPolicy } from './http/security-headers';
import { createTurnQueue } from './http/turn-taking';
import { logError } from './log';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  locals: Partial<App.Locals>,
) => void;

export interface RunningServer {
  url: string;
  port: number;
  /**
   * Drains: /readyz turns 503 and new requests are refused with 503 while every request already
   * accepted finishes; then the listener, background work and, last, the database close. Calling
   * it again returns the same drain.
   */
  stop(): Promise<void>;
}

const distDir = path.dirname(fileURLToPath(import.meta.url));

/** The whole shutdown, signal to exit (the README promises it; supervisors wait about this long before killing). */
const DRAIN_LIMIT_MS = 10_000;
/** Requests still unanswered this long after the signal are cut, leaving time to close the rest. */
const DRAIN_WAIT_MS = 9_000;
/** What a request refused during the drain is told: another instance, or this one restarted, will take it. */
const DRAIN_RETRY_AFTER_S = 2;
const READY_PING_MS = 1_500;

/**
 * The security headers of an answer that is not a page. Set on every response before sirv or Astro
 * see it, so static files (and sirv's 304s) and the answers Astro gives before any middleware (the
 * duplicate-slash redirect) carry them too; Astro's middleware overrides them for its own answers.
 */
function securityHeaders(): Record<string, string> {
  return {
    ...baseSecurityHeaders(config().secureCookies),
    'content-security-policy': contentSecurityPolicy(null, false),
  };
}

/** What every answer carries, including those given before Astro runs (health, limits, 404, 405). */
function earlyHeaders(): Record<string, string> {
  return {
    ...securityHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, { ...earlyHeaders(), ...extra });
  res.end(JSON.stringify(body));
}

/**
 * The answer to a request that arrives while the server drains: 503 with `Connection: close`, so
 * the client (or the load balancer) retries elsewhere instead of finding a refused connection.
 * English, like the other answers given before Astro: no language is negotiated out here.
 */
function refuseWhileDraining(req: IncomingMessage, res: ServerResponse, pathname: string): void {
  // Read and drop any body, so the socket closes cleanly after the answer instead of resetting.
  req.resume();
  res.setHeader('connection', 'close');
  if (pathname === '/healthz') return sendJson(res, 200, { status: 'ok' });
  if (pathname === '/readyz') return sendJson(res, 503, { status: 'draining' });
  const headers = { 'retry-after': String(DRAIN_RETRY_AFTER_S) };
  const message = 'The server is restarting. Try again in a moment.';
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    return sendJson(res, 503, { succeeded: false, ResponseCode: 503, ResponseMessage: message }, headers);
  }
  res.writeHead(503, { ...earlyHeaders(), 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Restarting</title><p>${message}</p></html>`,
  );
}

/** The methods any route answers; anything else (PUT, DELETE, TRACE, OPTIONS…) is 405. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];

/**
 * Malformed requests Node refuses before any handler (headers too large, bad syntax) still get a
 * JSON answer with the usual headers, rather than a bare status line.
 */
function refuseMalformed(error: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (!socket.writable || (error as { bytesParsed?: number }).bytesParsed === undefined) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    succeeded: false,
    ResponseCode: status,
    ResponseMessage: tooLarge ? 'The request headers are too large.' : 'The request is malformed.',
  });
  const headers = {
    ...earlyHeaders(),
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}

/** Static build output: hashed `/_astro/*` files never change, so they are cached for a year. */
function staticFiles() {
  return sirv(path.join(distDir, 'client'), {
    dev: false,
    etag: true,
    // The build writes .br and .gz twins of every asset (scripts/build-entry.mjs); sirv picks one.
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader(
        'cache-control',
        pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
}

/** Opens and migrates the database, gives it a first admin, then serves on `port`. */
export async function startServer(options: { port?: number; host?: string } = {}): Promise<RunningServer> {
  const cfg = config();
  const db = await database();
  await migrate(db);
  await ensureFirstAdmin(db, cfg, (line) => console.log(line));
  // Loaded now so no request has to read them inside a transaction: PGlite has one connection, and
  // a query outside the open transaction would wait for it forever.
  await Promise.all([serverSecret('otp-hmac'), serverSecret('jwt-signing')]);
  // A bad MFA_KEY (or an unwritable DATA_DIR for the generated one) stops the start, not a sign-in.
  loadSecretKey();

  const { handler } = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as {
    handler: AstroHandler;
  };
  const serveStatic = staticFiles();
  // Pages and API answers are compressed on the fly; static files come precompressed. Not CSV
  // exports: the compressor buffers whatever it is given, which would defeat their backpressure.
  const compress = compression({
    threshold: 1024,
    filter: (req, res) =>
      !/^text\/csv/.test(String(res.getHeader('content-type'))) && compression.filter(req, res),
  });
  const background = startBackgroundWork();

  const server = http.createServer((req, res) => {
    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    logRequests(req, res, cfg.LOG_LEVEL === 'info', requestId);
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (!requests.admit(req, res)) return refuseWhileDraining(req, res, pathname);
    const userAgent = req.headers['user-agent']?.slice(0, 512) ?? null;
    const start = () => void runInRequest({ requestId, userAgent }, () => handle(req, res, pathname));
    // Probes answer at once, even while pages wait their turn. A request whose client hung up while
    // it waited is dropped unrendered: nobody could read the answer.
    if (pathname === '/healthz' || pathname === '/readyz') start();
    else turns.enqueue(() => (req.socket.destroyed ? undefined : start()));
  });
  const turns = createTurnQueue();
  const requests = trackRequests(server);

  async function handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (!ALLOWED_METHODS.includes(req.method ?? '')) {
      return sendJson(
        res,
        405,
        { succeeded: false, ResponseCode: 405, ResponseMessage: 'This method is not allowed here.' },
        { allow: ALLOWED_METHODS.join(', ') },
      );
    }
    if (pathname === '/healthz') return sendJson(res, 200, { status: 'ok' });
    if (pathname === '/readyz') {
      const ready = !requests.draining && (await ping(READY_PING_MS));
      return sendJson(res, ready ? 200 : 503, {
        status: ready ? 'ready' : requests.draining ? 'draining' : 'database unavailable',
      });
    }
    // The largest any route allows; each route's own class is held in the middleware (body-limit.ts).
    const size = checkBodySize(req, LARGEST_CLASS);
    if (!size.ok) {
      res.setHeader('connection', 'close');
      return sendJson(res, size.status, {
        succeeded: false,
        ResponseCode: size.status,
        ResponseMessage: size.message,
      });
    }
    // Only the entry knows the socket; the middleware reads the resolved address from this header.
    req.headers['x-client-ip'] = clientIp(req, cfg.TRUSTED_PROXIES);
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    serveStatic(req, res, () => {
      compress(req as never, res as never, () =>
        handler(
          req,
          res,
          () => sendJson(res, 404, { succeeded: false, ResponseCode: 404, ResponseMessage: 'Not found.' }),
          {
            outputReady: () =>
              res.writableNeedDrain ? once(res, 'drain').then(() => {}) : Promise.resolve(),
          },
        ),
      );
    });
  }
  server.on('clientError', refuseMalformed);
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  // Longer than the idle timeout of common load balancers (60 s) and than any pause of this process:
  // a connection the server closes just as a client reuses it resets that client's request.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? cfg.PORT, options.host ?? cfg.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? cfg.HOST;

  /**
   * The listener stays open while requests accepted before the drain finish, so newcomers hear
   * 503 rather than a refused connection; the database closes after everything that could use it.
   */
  async function drain(): Promise<void> {
    const unanswered = await requests.drain(DRAIN_WAIT_MS);
    if (unanswered > 0) {
      logError('process.drain_timeout', `${unanswered} requests unanswered after ${DRAIN_WAIT_MS} ms`);
    }
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await background.stop();
    await closeDatabase();
  }
  let drained: Promise<void> | undefined;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    stop: () => (drained ??= drain()),
  };
}

/**
 * The command-line start (`npm start`, or `node dist/main.mjs`). A deployment that sets no NODE_ENV
 * still gets production React and Astro: the default is production, not development.
 */
export async function main(): Promise<void> {
  // Before the Astro handler (and React with it) is first imported, inside startServer.
  process.env.NODE_ENV ??= 'production';
  // A bug that escapes every handler leaves the process in an unknown state: say so in one line
  // and exit 1, so the supervisor (systemd, Kubernetes…) starts a clean one.
  process.on('uncaughtException', (error) => {
    logError('process.uncaught_exception', error);
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logError('process.unhandled_rejection', reason);
    process.exit(1);
  });
  let running: RunningServer;
  try {
    running = await startServer();
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else logError('process.start_failed', error);
    process.exit(1);
  }
  console.log(`Puzzle Admin is listening on ${running.url} (Node ${process.versions.node})`);
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    // A second signal (a supervisor repeating itself, Ctrl+C twice) must not cut the drain short.
    if (shuttingDown) return console.log(`${signal} received: already draining.`);
    shuttingDown = true;
    console.log(`${signal} received: draining.`);
    setTimeout(() => process.exit(1), DRAIN_LIMIT_MS).unref();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logError('process.stop_failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) void main();
