// HTTP for the users benchmark: one kept-alive connection, and the real two-step sign-in with
// the code read from the mail outbox.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** One kept-alive connection, as a browser tab would use: the figures are the server's, not TCP's. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * Sends one request; `onChunk` (for big answers) sees the body as it streams instead of it being
 * kept. Resolves with the status, the body (when kept), the bytes and the milliseconds to the end.
 */
export function request(baseUrl, method, target, { token, json, onChunk, extraHeaders } = {}) {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const headers = { 'accept-language': 'en', ...extraHeaders };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined)
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(target, baseUrl), { method, headers, agent }, (res) => {
      const chunks = [];
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (onChunk) onChunk(chunk);
        else chunks.push(chunk);
      });
      res.on('end', () => {
        const ms = performance.now() - started;
        const text = onChunk ? '' : Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode, text, bytes, ms, headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function getJson(baseUrl, target, token) {
  const response = await request(baseUrl, 'GET', target, { token });
  if (response.status !== 200)
    throw new Error(`GET ${target}: ${response.status} ${response.text.slice(0, 300)}`);
  return { ...response, body: JSON.parse(response.text) };
}

// ---------------------------------------------------------------------------------------------
// Signing in: the real two-step flow, with the code read from the mail outbox

export async function signIn(baseUrl, dataDir, admin) {
  const since = Date.now();
  const login = await request(baseUrl, 'POST', '/api/admin/login', { json: admin });
  if (login.status !== 200) {
    throw new Error(
      `sign-in as ${admin.email} failed (${login.status}): ${login.text.slice(0, 300)}\n` +
        'With --no-seed or DATABASE_URL the database must have been made by this script (same admin).',
    );
  }
  const { otpToken } = JSON.parse(login.text).ResponseBody;
  const otp = await readSignInCode(path.join(dataDir, 'outbox'), since);
  // An API client: it asks for the session token in the body (browsers only ever get the cookie).
  const verify = await request(baseUrl, 'POST', '/api/admin/verifyotp', {
    json: { otpToken, otp },
    extraHeaders: { 'x-session-delivery': 'bearer' },
  });
  if (verify.status !== 200)
    throw new Error(`verifyotp failed (${verify.status}): ${verify.text.slice(0, 300)}`);
  const token = JSON.parse(verify.text).ResponseBody.token;
  await chooseOwnPassword(baseUrl, token, admin.password);
  return token;
}

/**
 * ADMIN_PASSWORD is a first-start password: until it is changed, only the password form answers.
 * The bench changes it away and back, so later runs (`--no-seed`) sign in with the same one.
 */
async function chooseOwnPassword(baseUrl, token, password) {
  const probe = await request(baseUrl, 'GET', '/api/admin/getusers?record=1', { token });
  if (probe.status !== 403) return;
  for (const [current, next] of [
    [password, `${password} (changed)`],
    [`${password} (changed)`, password],
  ]) {
    const changed = await request(baseUrl, 'POST', '/api/admin/changepassword', {
      token,
      json: { current_password: current, new_password: next },
    });
    if (changed.status !== 200)
      throw new Error(`changepassword failed (${changed.status}): ${changed.text.slice(0, 300)}`);
  }
}

/** The code in the newest .eml written since `since` (mails from earlier runs stay in the outbox). */
async function readSignInCode(outbox, since) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    const fresh = files
      .map((name) => ({ file: path.join(outbox, name), mtime: fs.statSync(path.join(outbox, name)).mtimeMs }))
      .filter((entry) => entry.mtime >= since - 1000)
      .sort((a, b) => b.mtime - a.mtime);
    if (fresh.length > 0) {
      // Undo quoted-printable soft line breaks; the text part says "Your sign-in code is 123456."
      const mail = fs.readFileSync(fresh[0].file, 'utf8').replace(/=\r?\n/g, '');
      const code = /code is (\d{6})/.exec(mail)?.[1];
      if (!code) throw new Error(`no sign-in code found in ${fresh[0].file}`);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in mail appeared in ${outbox}`);
}
