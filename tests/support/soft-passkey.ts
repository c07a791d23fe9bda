import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for API tests and the benchmark: a real P-256 key, answers built and
 * signed as a platform authenticator would (attestation "none", user verified), so the server's
 * real @simplewebauthn checks run on them. Browser journeys use Chromium's virtual authenticator.
 */
type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export interface SoftPasskey {
  credentialId: string;
  /** Answers `passkeyoptions` (creation options JSON). */
  register(options: { challenge: string; user: { id: string } }): Record<string, unknown>;
  /** Answers request options (`passkeysigninoptions`, `reauthoptions`). */
  assert(options: { challenge: string }): Record<string, unknown>;
}

export function softPasskey(origin: string): SoftPasskey {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const cose = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credential = randomBytes(32);
  const credentialId = b64(credential);
  const rpIdHash = createHash('sha256').update(rpId).digest();
  let counter = 0;
  let userHandle = '';

  const authData = (flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId,
    register(options) {
      userHandle = options.user.id;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credential.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credential, cose]);
      // User present, user verified, attested credential data.
      const data = authData(0x01 | 0x04 | 0x40, attested);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert(options) {
      const data = authData(0x01 | 0x04);
      const client = clientData('webauthn.get', options.challenge);
      const signed = Buffer.concat([data, createHash('sha256').update(client).digest()]);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(sign('sha256', signed, privateKey)),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
