/** bcrypt password hashes compatible with PocketBase (Go's `$2a$`, cost 10 by default). */
import { hash, hashSync, verify } from "@node-rs/bcrypt";

let dummyHash: string | undefined;
/** A bcrypt hash of a random password, compared against when no record matches (timing). */
function getDummyHash(): string {
  dummyHash ??= hashSync(crypto.randomUUID(), { cost: 10, version: "2a" });
  return dummyHash;
}

/** Hashes a plain password. */
export function hashPassword(plain: string, cost = 10): Promise<string> {
  return hash(plain, { cost, version: "2a" });
}

/**
 * Checks a plain password against a stored hash. With no hash it still spends one bcrypt
 * comparison so unknown identities take as long as wrong passwords.
 */
export async function verifyPassword(plain: string, stored: string | undefined): Promise<boolean> {
  if (!stored) {
    await verify(plain, getDummyHash()).catch(() => false);
    return false;
  }
  try {
    return await verify(plain, stored);
  } catch {
    return false;
  }
}
