/**
 * A version 4 UUID from the CSPRNG. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost); an admin reaching the server over plain http on a LAN address still needs keys.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per composed message: the same body asks with the same key (a retry after a network
 * error, a second click), and any change to the body is a new message with a new key (the server
 * refuses a known key with a different body). `forget` starts over after a send went through.
 */
export function idempotencyKeys(make: () => string = newIdempotencyKey) {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: make() };
      return last.key;
    },
    forget() {
      last = null;
    },
  };
}
