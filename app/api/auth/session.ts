/**
 * The signed-in account as the web app sees it: a small, serialisable summary of the auth
 * record (a `users` record or a superuser), shared by server rendering and the browser; and
 * the two changes the page shell (on every page) makes to it: its colour theme and a new link
 * that confirms its address.
 */
import { ClientResponseError, getTokenPayload, type RecordModel } from "pocketbase";
import { toTheme, type Theme } from "#shared/theme.ts";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Auth-refresh answers that end a session: bad or revoked token, or the account is gone. */
const SESSION_ENDED = new Set([401, 403, 404]);

/**
 * Whether a failed auth refresh means the session is over. Only the server's "this session
 * is not valid" answers (401, 403, 404) do. A request cut short (the page unloading, the
 * network gone, status 0), a busy or failing server (5xx) or a rate limit (429) says nothing
 * about the session: it stays, and the next request asks again.
 */
export function refreshEndsSession(error: unknown): boolean {
  return error instanceof ClientResponseError && SESSION_ENDED.has(error.status);
}

/** Roles a `users` record may hold (`""` = plain user). */
export type UserRole = "" | "writer" | "admin";

/** The signed-in account. */
export interface SessionUser {
  id: string;
  /** `users`, or `_superusers` for superusers. */
  collectionName: string;
  collectionId: string;
  username: string;
  name: string;
  email: string;
  /** Avatar file name, `""` when none. */
  avatar: string;
  role: UserRole;
  /** Whether the email address is confirmed (superusers always are). */
  verified: boolean;
  /**
   * Whether this session is a superuser viewing the site as this account (an impersonation
   * token: `refreshable: false`, ADR 025).
   */
  impersonated: boolean;
  /** The colour theme saved on the account (`""`: the system's; superusers have none). */
  theme: Theme;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Whether a token was issued by `impersonate/{id}`: only those are not refreshable
 * (PocketBase's static auth tokens). The claim is read without checking the signature: the
 * server has already checked the token when this matters (SSR confirms it, ADR 048).
 */
export function isImpersonationToken(token: string): boolean {
  return getTokenPayload(token).refreshable === false;
}

/**
 * Summarises an auth record; `null` for no record. `token`, when given, tells whether the
 * session is an impersonation.
 */
export function toSessionUser(
  record: RecordModel | null | undefined,
  token?: string,
): SessionUser | null {
  if (!record?.id) return null;
  const role = text(record.role);
  return {
    id: record.id,
    collectionName: text(record.collectionName),
    collectionId: text(record.collectionId),
    username: text(record.username),
    name: text(record.name),
    email: text(record.email),
    avatar: text(record.avatar),
    role: role === "writer" || role === "admin" ? role : "",
    verified: record.verified === true || record.collectionName === "_superusers",
    impersonated: token ? isImpersonationToken(token) : false,
    theme: toTheme(record.theme),
  };
}

/** Whether the account is a superuser. */
export function isSuperuser(user: SessionUser | null): boolean {
  return user?.collectionName === "_superusers";
}

/** Whether the account may write posts (writer or admin role). */
export function isWriter(user: SessionUser | null): boolean {
  return user?.role === "writer" || user?.role === "admin";
}

/** Whether the account sees the instances area (admin role or superuser). */
export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === "admin" || isSuperuser(user);
}

/** The name shown for the account: its name, else its username, else its email. */
export function displayName(user: Pick<SessionUser, "name" | "username" | "email">): string {
  return user.name || user.username || user.email;
}

/** Saves the colour theme on the account (`users.theme`, ADR 051). */
export async function saveTheme(api: ApiClient, userId: string, theme: Theme): Promise<void> {
  await sdk(api).collection("users").update(userId, { theme });
}

/** Emails the link that confirms `email` (`request-verification`). */
export async function requestVerification(api: ApiClient, email: string): Promise<void> {
  await sdk(api).collection("users").requestVerification(email);
}
