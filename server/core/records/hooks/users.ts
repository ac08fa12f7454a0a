/**
 * Lifecycle hooks of `users`: suspending an account ends its sessions. The authRule keeps a
 * suspended account from signing in again (ADR 046); rotating its `tokenKey` makes every
 * token issued before (auth, file, mailed links) fail on its next use, and realtime streams
 * drop its auth, as a password change does.
 */
import { randomSecret } from "../../auth/secrets.ts";
import type { RecordHook, RecordHooks } from "../record-hooks.ts";

/** A user turning suspended gets a new token key. */
export const endSessionsOnSuspension: RecordHook = ({ old, values }) => {
  if (values.suspended === true && old?.suspended !== true) values.tokenKey = randomSecret(50);
};

/** Registers the hooks of `users`. */
export function registerUserHooks(hooks: RecordHooks): void {
  hooks.on("beforeUpdate", endSessionsOnSuspension, { collections: ["users"] });
}
