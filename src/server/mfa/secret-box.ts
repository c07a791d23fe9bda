import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config';
import { processGlobal } from '../process-global';

/**
 * Authenticator-app secrets are sealed with AES-256-GCM under a key kept outside the database, so
 * a copy of the database alone does not yield them. The key comes from MFA_KEY, or, unset, from
 * `DATA_DIR/mfa.key`, written on first start. Each sealed value names its key (the first bytes of
 * the key's SHA-256), so keys listed in MFA_PREVIOUS_KEYS still open what they sealed; such a
 * value is sealed again under the current key when next used (docs/security.md, rotation).
 */
interface Keyring {
  current: { id: string; key: Buffer };
  byId: Map<string, Buffer>;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

function decodeKey(text: string): Buffer {
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error('MFA key must be 32 bytes');
  return key;
}

/** The key file on the embedded default: made once, readable by the server's user only. */
function keyFromDataDir(): Buffer {
  const file = path.join(config().dataDir, 'mfa.key');
  try {
    return decodeKey(fs.readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    // Instances sharing a PostgreSQL must share the key: say where this one is, once.
    if (config().DATABASE_URL && config().LOG_LEVEL !== 'silent') {
      process.stderr.write(`${JSON.stringify({ level: 'warn', event: 'mfa.key_generated', file })}\n`);
    }
  } catch (error) {
    // Another start wrote it first: read theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeKey(fs.readFileSync(file, 'utf8').trim());
}

function keyring(): Keyring {
  return processGlobal('mfa-keyring', () => {
    const { MFA_KEY, MFA_PREVIOUS_KEYS } = config();
    const key = MFA_KEY ? decodeKey(MFA_KEY) : keyFromDataDir();
    const byId = new Map<string, Buffer>();
    for (const old of MFA_PREVIOUS_KEYS) byId.set(keyId(decodeKey(old)), decodeKey(old));
    byId.set(keyId(key), key);
    return { current: { id: keyId(key), key }, byId };
  });
}

/** Reads (or makes) the key at start-up, so a bad key stops the server rather than a sign-in. */
export function loadSecretKey(): void {
  keyring();
}

/** `v1.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(plain: string): string {
  const { id, key } = keyring().current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', id, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text, and whether it was sealed under an older key (then seal it again). */
export function open(sealed: string): { plain: string; stale: boolean } {
  const [version, id, iv, tag, body] = sealed.split('.');
  const ring = keyring();
  const key = id ? ring.byId.get(id) : undefined;
  if (version !== 'v1' || !key || !iv || !tag || body === undefined) {
    throw new Error(`MFA secret sealed under an unknown key (${id ?? '?'}): set MFA_PREVIOUS_KEYS`);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  return { plain: plain.toString('utf8'), stale: id !== ring.current.id };
}
