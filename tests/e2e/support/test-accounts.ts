/**
 * Throwaway accounts for the browser specs that change an account (its password, email,
 * avatar, or its existence): each test creates its own through the API as the suite's
 * superuser, so tests never disturb the fixture accounts or each other, and signs a browser
 * context in as it without going through the login page.
 */
import PocketBase from "pocketbase";
import type { Lang } from "./app.ts";
import { baseUrl, PASSWORD, SUPERUSER } from "./environment.ts";

/** The cookie the browser's SDK client writes for server rendering. */
const AUTH_COOKIE = "pb_auth";
/** The SDK's LocalAuthStore key. */
const AUTH_STORAGE_KEY = "pocketbase_auth";

/** An account created for one test. */
export interface TestAccount {
  id: string;
  username: string;
  name: string;
  email: string;
  password: string;
  locale: Lang;
}

/** A name no other test (nor a retry) uses, e.g. `acc_lx3k2f9a1b`. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** An SDK client for the suite's server (no auto-cancellation, no auth). */
export function apiClient(): PocketBase {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  return pb;
}

/** An SDK client signed in as the suite's superuser. */
export async function rootClient(): Promise<PocketBase> {
  const pb = apiClient();
  await pb.collection("_superusers").authWithPassword(SUPERUSER.email, PASSWORD);
  return pb;
}

/** Creates an account: unverified unless `verified`, a plain user unless `role` says. */
export async function createAccount(options: {
  lang: Lang;
  verified?: boolean;
  role?: "" | "writer" | "admin";
}): Promise<TestAccount> {
  const username = uniqueName("acc_");
  const account = {
    username,
    // The whole unique part: two accounts made within a second must not share a name.
    name: `Acco ${username.slice(4)}`,
    email: `${username}@e2e.example.com`,
    password: PASSWORD,
    locale: options.lang,
  };
  const root = await rootClient();
  const record = await root.collection("users").create({
    ...account,
    passwordConfirm: account.password,
    role: options.role ?? "",
    verified: options.verified ?? false,
  });
  return { ...account, id: record.id };
}

/** An SDK client signed in with an email (or username) and a password. */
export async function signInAs(identity: string, password: string): Promise<PocketBase> {
  const pb = apiClient();
  await pb.collection("users").authWithPassword(identity, password);
  return pb;
}

/**
 * The Playwright storage state of a browser signed in as `account` (the SDK's local storage
 * entry and the `pb_auth` cookie the browser mirrors it into), for `browser.newContext()`.
 */
export async function signedInState(account: Pick<TestAccount, "email" | "password">) {
  const pb = await signInAs(account.email, account.password);
  const exported = pb.authStore.exportToCookie(
    { httpOnly: false, secure: false, sameSite: "Lax", path: "/" },
    AUTH_COOKIE,
  );
  const pair = exported.split(";")[0] ?? "";
  return {
    cookies: [
      {
        name: AUTH_COOKIE,
        value: pair.slice(pair.indexOf("=") + 1),
        domain: "127.0.0.1",
        path: "/",
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: "Lax" as const,
      },
    ],
    origins: [
      {
        origin: baseUrl(),
        localStorage: [
          {
            name: AUTH_STORAGE_KEY,
            value: JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record }),
          },
        ],
      },
    ],
  };
}

/** Whether an email (or username) and password log in right now. */
export async function canLogIn(identity: string, password: string): Promise<boolean> {
  try {
    await signInAs(identity, password);
    return true;
  } catch {
    return false;
  }
}
