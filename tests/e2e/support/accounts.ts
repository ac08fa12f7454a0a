/**
 * Accounts a spec creates for itself (beyond the global setup's fixtures): an SDK client
 * signed in through the API, and the matching Playwright storage state (the SDK's
 * `pocketbase_auth` local storage entry and the `pb_auth` cookie server rendering reads),
 * kept in memory for `browser.newContext({ storageState })`.
 */
import PocketBase from "pocketbase";
import { baseUrl, PASSWORD, USERS, type UserRoleName } from "./environment.ts";

/** A Playwright storage state object. */
export interface StorageState {
  cookies: {
    name: string;
    value: string;
    domain: string;
    path: string;
    expires: number;
    httpOnly: boolean;
    secure: boolean;
    sameSite: "Lax";
  }[];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/** A signed-in account: its SDK client, record id, username and browser sign-in. */
export interface SignedInAccount {
  pb: PocketBase;
  id: string;
  username: string;
  storageState: StorageState;
}

/** The storage state of a signed-in SDK client, for the server at `origin` (the suite's by default). */
export function storageStateOf(pb: PocketBase, origin: string = baseUrl()): StorageState {
  const exported = pb.authStore.exportToCookie(
    { httpOnly: false, secure: false, sameSite: "Lax", path: "/" },
    "pb_auth",
  );
  const pair = exported.split(";")[0] ?? "";
  return {
    cookies: [
      {
        name: "pb_auth",
        value: pair.slice(pair.indexOf("=") + 1),
        domain: "127.0.0.1",
        path: "/",
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: "Lax",
      },
    ],
    origins: [
      {
        origin,
        localStorage: [
          {
            name: "pocketbase_auth",
            value: JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record }),
          },
        ],
      },
    ],
  };
}

async function signIn(email: string): Promise<SignedInAccount> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  await pb.collection("users").authWithPassword(email, PASSWORD);
  const record = pb.authStore.record;
  return {
    pb,
    id: record?.id ?? "",
    username: String(record?.username ?? ""),
    storageState: storageStateOf(pb),
  };
}

/** Signs up a plain user (no role) through the API and signs it in. */
export async function signUpAccount(fields: {
  username: string;
  name: string;
}): Promise<SignedInAccount> {
  const pb = new PocketBase(baseUrl());
  const email = `${fields.username.toLowerCase()}@e2e.example.com`;
  await pb.collection("users").create({
    ...fields,
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  });
  return signIn(email);
}

/** Signs a fixture account in through the API. */
export function fixtureAccount(account: UserRoleName): Promise<SignedInAccount> {
  return signIn(USERS[account].email);
}
