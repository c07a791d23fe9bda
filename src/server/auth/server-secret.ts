import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { serverSecrets } from '../db/schema';
import { processGlobal } from '../process-global';

export type SecretName = 'otp-hmac' | 'jwt-signing';

/**
 * A 256-bit key shared by every instance, created on first use (the server loads both at start-up,
 * before any transaction could need them). Losing the race to create it is
 * fine: the insert does nothing and everyone reads the winner's key.
 */
export function serverSecret(name: SecretName): Promise<Buffer> {
  const cache = processGlobal('server-secrets', () => new Map<SecretName, Promise<Buffer>>());
  let pending = cache.get(name);
  if (!pending) {
    pending = (async () => {
      const database = await db();
      await database
        .insert(serverSecrets)
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await database.select().from(serverSecrets).where(eq(serverSecrets.name, name));
      return Buffer.from(row!.value, 'base64url');
    })();
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}
