/**
 * The browser's auth store (issue 22): the SDK's LocalAuthStore (local storage, synced across
 * tabs), except that saving no session is not a way to end one. The SDK resolves an answer
 * whose body it could not read (the page navigating away while it arrived) as `{}`, and its
 * auth methods then save an empty token: that signed a writer out in the middle of their work.
 * A session ends only through `clear()` (a logout, a refusal, another tab's sign-out, which
 * the SDK applies through its own storage listener).
 */
import { LocalAuthStore, type AuthRecord } from "pocketbase";

/** Whether an answer of an auth endpoint holds a session: a token and its record. */
export function isAuthAnswer(value: unknown): value is { token: string; record: AuthRecord } {
  if (!value || typeof value !== "object") return false;
  const { token, record } = value as { token?: unknown; record?: unknown };
  return typeof token === "string" && token !== "" && !!record && typeof record === "object";
}

/** LocalAuthStore that ignores a save of no session. */
export class SessionStore extends LocalAuthStore {
  override save(token: string, record?: AuthRecord): void {
    if (!isAuthAnswer({ token, record })) {
      console.warn("An auth answer without a session was ignored: the session stays.");
      return;
    }
    super.save(token, record);
  }
}
