/**
 * A software WebAuthn authenticator for API tests: it answers the options the server sends
 * as a browser with a platform authenticator would (`navigator.credentials.create()` and
 * `.get()` serialised as `@simplewebauthn/browser` sends them): ES256 keys made with
 * node:crypto, attestation `none`, discoverable credentials, user presence and verification
 * flags, a signature counter. Each answer may be bent (another origin or relying party id,
 * no user verification, a counter set back, another credential's key) to test refusals.
 */
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from "node:crypto";

/** A CBOR value the helper writes (RFC 8949: integers, byte and text strings, maps, arrays). */
type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

/** Encodes a CBOR value. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(cbor)]);
  const parts = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Flags of authenticator data (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** A credential the authenticator holds. */
export interface SoftCredential {
  /** base64url credential id. */
  id: string;
  rpId: string;
  /** The `user.id` of the creation options (base64url), the assertion's `userHandle`. */
  userHandle: string;
  privateKey: KeyObject;
  /** COSE public key. */
  publicKey: Buffer;
  counter: number;
}

/** How to bend one answer. */
export interface Bend {
  /** The origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** The relying party id hashed into the authenticator data (default: the options'). */
  rpId?: string;
  /** Whether the user was verified (default true). */
  userVerified?: boolean;
  /** The challenge signed (default: the options'). */
  challenge?: string;
  /** An assertion's signature counter (default: one more than the last). */
  counter?: number;
  /** Sign with another credential's key (a forged assertion). */
  signWith?: SoftCredential;
  /** The assertion's userHandle (default: the credential's). */
  userHandle?: string;
  /** Attest an existing credential again (its id and key) instead of a new one. */
  reuse?: SoftCredential;
}

/** Creation options, as the server sends them (the fields this authenticator reads). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
  pubKeyCredParams: { type: string; alg: number }[];
}

/** Request options, as the server sends them (the fields this authenticator reads). */
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** A platform authenticator in memory, for one origin. */
export class SoftwareAuthenticator {
  readonly origin: string;
  readonly credentials: SoftCredential[] = [];

  constructor(origin: string) {
    this.origin = origin;
  }

  private clientData(type: string, challenge: string, bend: Bend): string {
    return JSON.stringify({
      type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.origin,
      crossOrigin: false,
    });
  }

  /** Answers creation options with a new ES256 credential (attestation `none`). */
  create(
    options: CreationOptions,
    bend: Bend = {},
  ): { response: Record<string, unknown>; credential: SoftCredential } {
    if (!options.pubKeyCredParams.some((p) => p.alg === -7)) throw new Error("ES256 not offered");
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const pair = bend.reuse
      ? { privateKey: bend.reuse.privateKey }
      : generateKeyPairSync("ec", { namedCurve: "P-256" });
    const { privateKey } = pair;
    const jwk = createPublicKey(privateKey).export({ format: "jwk" });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(String(jwk.x), "base64url")],
        [-3, Buffer.from(String(jwk.y), "base64url")],
      ]),
    );
    const id = bend.reuse ? Buffer.from(bend.reuse.id, "base64url") : randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const flags = UP | AT | (bend.userVerified === false ? 0 : UV);
    const authData = Buffer.concat([
      sha256(bend.rpId ?? rpId),
      Buffer.from([flags]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      id,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const credential: SoftCredential = {
      id: b64url(id),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey: cose,
      counter: 0,
    };
    if (!bend.reuse) this.credentials.push(credential);
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, bend);
    return {
      credential,
      response: {
        id: credential.id,
        rawId: credential.id,
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ["internal", "hybrid"],
        },
      },
    };
  }

  /**
   * Answers request options with an assertion of `credential` (default: the first allowed
   * one, or the first held for the relying party, as a usernameless sign-in picks).
   */
  get(
    options: RequestOptions,
    credential?: SoftCredential,
    bend: Bend = {},
  ): Record<string, unknown> {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id);
    const chosen =
      credential ??
      this.credentials.find((c) => c.rpId === rpId && (!allowed || allowed.includes(c.id)));
    if (!chosen) throw new Error("no credential for these options");
    const counter = bend.counter ?? chosen.counter + 1;
    if (bend.counter === undefined) chosen.counter = counter;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const flags = UP | (bend.userVerified === false ? 0 : UV);
    const authData = Buffer.concat([sha256(bend.rpId ?? rpId), Buffer.from([flags]), count]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      (bend.signWith ?? chosen).privateKey,
    );
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: bend.userHandle ?? chosen.userHandle,
      },
    };
  }
}
