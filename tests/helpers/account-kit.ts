/**
 * Fixtures of the account-flow tests: a test app whose mail goes to a real SMTP catcher, with
 * a configured `APP_URL`, plus ways to mint tokens of any type, signed right or wrong, for
 * the negative cases.
 *
 * @example
 * const kit = await startAccountKit("sqlite");
 * const ada = await kit.app.createUser({ email: "ada@example.com" });
 * await kit.post("/api/collections/users/request-password-reset", { email: "ada@example.com" });
 * const mail = await kit.catcher.waitForMail("ada@example.com");
 * await kit.close();
 */
import { sql } from "kysely";
import { expect } from "vitest";
import { loadSecrets, type Secrets, type TokenType } from "#server/core/auth/secrets.ts";
import { RecordTokens } from "#server/core/auth/record-tokens.ts";
import { signToken } from "#server/core/auth/tokens.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { AuthCollection } from "#server/core/models/collection.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";
import type { Row } from "#server/data/repositories/record-repository.ts";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "./mail-catcher.ts";
import { createTestApp, type DialectName, type TestApp } from "./test-app.ts";

/** The public URL the kit's app is configured with: every mailed link must start with it. */
export const KIT_APP_URL = "https://cahier.example/app";

/** A response of `post`. */
export interface KitResponse {
  status: number;
  body: string;
  json(): Record<string, unknown>;
}

/** A user made by `newUser`. */
export interface KitUser {
  id: string;
  /** `{name}@example.com`. */
  email: string;
  /** An auth token of the user. */
  token: string;
}

/** Headers a forged request sends to make a link point elsewhere (checklist B4). */
export const FORGED_HOST_HEADERS = {
  host: "evil.tld",
  "x-forwarded-host": "evil.tld",
  "x-forwarded-proto": "http",
  forwarded: "host=evil.tld",
} as const;

/** What `startAccountKit` returns. */
export interface AccountKit {
  app: TestApp;
  catcher: MailCatcher;
  /** The `users` and `_superusers` collections. */
  users: AuthCollection;
  superusers: AuthCollection;
  /** Every collection's token secrets. */
  secrets: Secrets;
  /** Signs the mailed token types the way the server does. */
  tokens: RecordTokens;
  /** The stored row of an auth record. */
  row(collection: AuthCollection, id: string): Promise<Row>;
  /** Signs arbitrary claims with a record's key for `type` (tokens the server would not issue). */
  forge(
    collection: AuthCollection,
    row: Row,
    type: TokenType,
    claims: Record<string, unknown>,
    seconds?: number,
  ): Promise<string>;
  /** POSTs a JSON body (or raw text) with optional auth token and headers. */
  post(
    url: string,
    body?: unknown,
    options?: { token?: string; headers?: Record<string, string> },
  ): Promise<KitResponse>;
  /**
   * A fresh user `name` (`{name}@example.com`, password `password123`), unverified unless
   * `verified`, speaking `locale` when given.
   */
  newUser(name: string, options?: { verified?: boolean; locale?: string }): Promise<KitUser>;
  /**
   * POSTs `{email}` to a mail-sending endpoint with every forwarding header naming `evil.tld`
   * (B4), expects `status`, and returns the mail, checked not to mention `evil.tld`.
   */
  mailWithForgedHost(url: string, email: string, status?: number): Promise<CaughtMail>;
  /**
   * POSTs `{email}` to a mail-sending endpoint for each address, expects the enumeration-safe
   * 204 each time, and checks that none of them got a new mail once the mailer settled.
   */
  expectNoMail(url: string, ...emails: string[]): Promise<void>;
  /** Whether a password logs the identity in. */
  canLogIn(collection: string, identity: string, password: string): Promise<boolean>;
  /** Waits until every mail queued so far left (delivered or failed). */
  mailSettled(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a mail catcher and a test app on `dialect` that mails through it. */
export async function startAccountKit(
  dialect: DialectName,
  extraEnv: Record<string, string> = {},
): Promise<AccountKit> {
  const catcher = await startMailCatcher();
  let app: TestApp;
  try {
    app = await createTestApp(dialect, {
      SMTP_URL: catcher.url,
      APP_URL: KIT_APP_URL,
      ...extraEnv,
    });
  } catch (error) {
    await catcher.close();
    throw error;
  }
  const users = requireCollection("users") as AuthCollection;
  const superusers = requireCollection("_superusers") as AuthCollection;
  const secrets = await loadSecrets(app.db.kysely, [users.id, superusers.id]);
  const post: AccountKit["post"] = async (url, body, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = options.token;
    const res = await app.http.inject({
      method: "POST",
      url,
      headers:
        typeof body === "string" ? { "content-type": "application/json", ...headers } : headers,
      ...(body === undefined ? {} : { payload: body as string | object }),
    });
    return {
      status: res.statusCode,
      body: res.body,
      json: () => JSON.parse(res.body) as Record<string, unknown>,
    };
  };
  return {
    app,
    catcher,
    users,
    superusers,
    secrets,
    tokens: new RecordTokens(app.records, secrets),
    async row(collection, id) {
      const row = await app.records.findById(collection, id);
      if (!row) throw new Error(`no ${collection.name} record ${id}`);
      return row;
    },
    forge(collection, row, type, claims, seconds = 600) {
      const secret = secrets[collection.id]?.[type] ?? "";
      return signToken(
        { id: String(row.id), type, collectionId: collection.id, ...claims },
        `${String(row.tokenKey)}${secret}`,
        seconds,
      );
    },
    post,
    async newUser(name, options = {}) {
      const email = `${name}@example.com`;
      const created = await createAccount(app, { username: name, email, ...options });
      return { id: String(created.record.id), email, token: created.token };
    },
    async mailWithForgedHost(url, email, status = 204) {
      const res = await post(url, { email }, { headers: FORGED_HOST_HEADERS });
      expect(res.status, res.body).toBe(status);
      const mail = await catcher.waitForMail(email);
      expect(mail.raw).not.toContain("evil.tld");
      return mail;
    },
    async expectNoMail(url, ...emails) {
      for (const email of emails) {
        const res = await post(url, { email });
        expect(res.status, `${email}: ${res.body}`).toBe(204);
      }
      await app.mailer.idle();
      for (const email of emails) expect(catcher.unread(email), email).toEqual([]);
    },
    async canLogIn(collection, identity, password) {
      const res = await post(`/api/collections/${collection}/auth-with-password`, {
        identity,
        password,
      });
      return res.status === 200;
    },
    mailSettled: () => app.mailer.idle(),
    async close() {
      try {
        await app.close();
      } finally {
        await catcher.close();
      }
    },
  };
}

/**
 * Creates a `users` account as the operator (verified when `verified`, speaking `locale` when
 * given) and signs it in with its password. Unlike `app.createUser` followed by an update, the
 * address counts as proven from the start: marking it verified later would sign out the
 * device of that first sign-in and remove its second factors (ADR 056).
 */
export async function createAccount(
  app: TestApp,
  data: {
    username: string;
    email: string;
    password?: string;
    verified?: boolean;
    locale?: string;
  },
): Promise<{ record: Record<string, unknown>; token: string }> {
  const password = data.password ?? "password123";
  const users = requireCollection("users");
  await app.records.create(users, operatorRequest(), {
    username: data.username,
    email: data.email,
    password,
    passwordConfirm: password,
    verified: data.verified ?? false,
    ...(data.locale ? { locale: data.locale } : {}),
  });
  const res = await app.http.inject({
    method: "POST",
    url: "/api/collections/users/auth-with-password",
    payload: { identity: data.email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json<{ record: Record<string, unknown>; token: string }>();
}

/** Reads a column of a system table row (tests only). */
export async function countRows(
  kit: AccountKit,
  table: "_otps" | "_authCounters",
): Promise<number> {
  const result = await sql<{
    n: number | string;
  }>`SELECT COUNT(*) AS "n" FROM ${sql.table(table)}`.execute(kit.app.db.kysely);
  return Number(result.rows[0]?.n ?? 0);
}
