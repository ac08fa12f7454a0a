/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps use them: SHA-1, 6 digits,
 * 30-second steps, secrets of 20 random bytes in base32 (otplib). A code is accepted for the
 * current step and one step either side (clock drift), and only for a step later than the
 * last one accepted, so no code works twice (RFC 6238 §5.2). Plus the recovery codes that
 * stand in for the app: 10 characters from a 32-letter alphabet (50 bits), written
 * `xxxxx-xxxxx`, read back in any case with or without spaces and dashes.
 */
import { randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";

/** RFC 6238 parameters (what authenticator apps assume when a URI leaves them out). */
export const TOTP_PARAMETERS = { algorithm: "sha1", digits: 6, period: 30 } as const;

/** Steps accepted either side of the current one. */
const DRIFT_STEPS = 1;

/** A new base32 secret (20 random bytes, 160 bits). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/**
 * The `otpauth://totp/…` URI an authenticator app reads from a QR code. otplib leaves out
 * parameters at their default; they are written out here, for apps that guess otherwise.
 */
export function totpUri(options: { issuer: string; account: string; secret: string }): string {
  const uri = generateURI({
    issuer: options.issuer,
    label: options.account,
    secret: options.secret,
    ...TOTP_PARAMETERS,
  });
  const { algorithm, digits, period } = TOTP_PARAMETERS;
  const extra = new URLSearchParams();
  if (!uri.includes("algorithm=")) extra.set("algorithm", algorithm.toUpperCase());
  if (!uri.includes("digits=")) extra.set("digits", String(digits));
  if (!uri.includes("period=")) extra.set("period", String(period));
  const rest = extra.toString();
  return rest ? `${uri}&${rest}` : uri;
}

/** Whether `text` has the shape of a code (6 digits, spaces allowed). */
export function isTotpCode(text: string): boolean {
  return /^\d{6}$/.test(text.replace(/\s+/g, ""));
}

/**
 * Checks a code against a secret: the time step it belongs to when it is right for a step
 * within the drift and later than `afterStep`, null otherwise. `now` is in milliseconds.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterStep: number,
  now: number = Date.now(),
): Promise<number | null> {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      ...TOTP_PARAMETERS,
      epoch: Math.floor(now / 1000),
      epochTolerance: DRIFT_STEPS * TOTP_PARAMETERS.period,
      ...(afterStep > 0 ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Crockford's base32 alphabet, lower case: no i, l, o or u to misread. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** `count` new recovery codes, `xxxxx-xxxxx`. */
export function newRecoveryCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = "";
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET.charAt(randomInt(32));
    codes.add(`${code.slice(0, 5)}-${code.slice(5)}`);
  }
  return [...codes];
}

/**
 * A typed recovery code as stored: lower case, without spaces or dashes, with the letters
 * people confuse read as the digits they look like (Crockford); null when it cannot be one.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/[io]/g, (c) => (c === "o" ? "0" : "1"))
    .replace(/l/g, "1");
  if (code.length !== 10) return null;
  for (const c of code) if (!RECOVERY_ALPHABET.includes(c)) return null;
  return code;
}
