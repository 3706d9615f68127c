import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for tests without a browser: an EC
 * P-256 key (ES256), attestation "none", authenticator data with its flags
 * and signature counter, and the client data a browser would send. Its
 * answers are the JSON @simplewebauthn/browser posts.
 */

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface AuthenticatorOptions {
  origin: string;
  rpId: string;
  /** Counts its signatures (a security key) rather than always sending 0 (a synced passkey). */
  counts?: boolean;
  /** Verifies its user (a PIN, a fingerprint). */
  userVerification?: boolean;
  /** How long its credential id is, in bytes (16 unless said). */
  idBytes?: number;
}

export class SoftAuthenticator {
  readonly rawId: Buffer;
  private readonly key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter it sends next (0 stays 0 unless it counts). */
  counter: number;
  private userHandle: string | null = null;

  constructor(private readonly o: AuthenticatorOptions) {
    this.counter = o.counts ? 1 : 0;
    this.rawId = randomBytes(o.idBytes ?? 16);
  }

  get id(): string {
    return b64(this.rawId);
  }

  private authData(extra: Buffer, flags: number, counter: number, rpId = this.o.rpId) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const uv = this.o.userVerification === false ? 0 : UV;
    return Buffer.concat([sha(rpId), Buffer.from([flags | UP | uv]), count, extra]);
  }

  private clientData(type: string, challenge: string, origin = this.o.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private coseKey(): Uint8Array {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    return isoCBOR.encode(cose);
  }

  /** The answer to registration options (`navigator.credentials.create()`). */
  register(options: { challenge: string; user: { id: string } }) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.rawId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.rawId,
      Buffer.from(this.coseKey()),
    ]);
    const authData = this.authData(attested, AT, 0);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * The answer to authentication options (`navigator.credentials.get()`);
   * `counter` sends a chosen counter (a clone's), `origin` and `rpId` another
   * site's.
   */
  assert(
    options: { challenge: string },
    over: { counter?: number; origin?: string; rpId?: string } = {},
  ) {
    const counter = over.counter ?? this.counter;
    if (this.o.counts && over.counter === undefined) this.counter += 1;
    const authData = this.authData(Buffer.alloc(0), 0, counter, over.rpId);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, over.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha(clientDataJSON)]), {
      key: this.key.privateKey,
      dsaEncoding: 'der',
    });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
