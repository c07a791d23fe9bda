import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { serverSecret } from './auth/server-secret';
import { startBackgroundWork } from './background';
import { config, ConfigError } from './config';
import { closeDatabase, database, ping } from './db/client';
import { ensureFirstAdmin } from './db/first-run';
import { migrate } from './db/migrate';
import { checkBodySize } from './http/body-limit';
import { clientIp } from './http/client-ip';
import { runInRequest } from './http/request-context';
import { logRequests } from './http/request-log';
import { baseSecurityHeaders, contentSecurityPolicy } from './http/security-headers';
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
  /** Drains: /readyz turns 503, in-flight requests finish, then the database closes. */
  stop(): Promise<void>;
}

const distDir = path.dirname(fileURLToPath(import.meta.url));
const DRAIN_LIMIT_MS = 10_000;
const READY_PING_MS = 1_500;

/** What every answer carries, including those given before Astro runs (health, limits, 404, 405). */
function earlyHeaders(): Record<string, string> {
  return {
    ...baseSecurityHeaders(config().secureCookies),
    'content-security-policy': contentSecurityPolicy(null, false),
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
      res.setHeader('x-content-type-options', 'nosniff');
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
  let draining = false;

  const server = http.createServer((req, res) => {
    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    logRequests(req, res, cfg.LOG_LEVEL === 'info', requestId);
    const userAgent = req.headers['user-agent']?.slice(0, 512) ?? null;
    void runInRequest({ requestId, userAgent }, () => handle(req, res));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (draining) res.setHeader('connection', 'close');
    const pathname = (req.url ?? '/').split('?')[0];
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
      const ready = !draining && (await ping(READY_PING_MS));
      return sendJson(res, ready ? 200 : 503, {
        status: ready ? 'ready' : draining ? 'draining' : 'database unavailable',
      });
    }
    const size = checkBodySize(req);
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
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? cfg.PORT, options.host ?? cfg.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? cfg.HOST;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    async stop() {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS - 1_000);
      await closed;
      clearTimeout(forced);
      await background.stop();
      await closeDatabase();
    },
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
  console.log(`Puzzle Admin is listening on ${running.url}`);
  const shutdown = (signal: string) => {
    console.log(`${signal} received: draining.`);
    setTimeout(() => process.exit(1), DRAIN_LIMIT_MS).unref();
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) void main();
