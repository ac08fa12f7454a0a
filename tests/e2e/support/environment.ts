/**
 * Where the browser suite's server runs and what it holds: the port, the per-run state folder
 * (the server's `DATA_DIR` and the saved sign-ins), the fixture accounts and their content.
 * DOM-free: `playwright.config.ts`, the web server wrapper and the global setup import it.
 *
 * The main Playwright process picks the port and the folder once and stores them in
 * `process.env` (`E2E_PORT`, `E2E_STATE_DIR`); the workers it forks inherit them.
 */
import os from "node:os";
import path from "node:path";

/** Repository root. */
export const ROOT_DIR = path.resolve(import.meta.dirname, "..", "..", "..");

/** The CLI entry point (`node bin/cahier.js serve`, `superuser upsert`). */
export const CLI_PATH = path.join(ROOT_DIR, "bin", "cahier.js");

/** The browser suite's server log, kept after the run (`test-results/` is not committed). */
export const SERVER_LOG = path.join(ROOT_DIR, "test-results", "e2e-server.log");

/** The run's state folder, chosen by the main process (a new one per run). */
export function stateDir(): string {
  process.env.E2E_STATE_DIR ??= path.join(os.tmpdir(), `cahier-e2e-${String(process.pid)}`);
  return process.env.E2E_STATE_DIR;
}

/** The server's data folder (SQLite database and files), inside the state folder. */
export function dataDir(): string {
  return path.join(stateDir(), "data");
}

/** Where the suite's SMTP server writes the messages it receives (`mail-server.ts`). */
export function mailDir(): string {
  return path.join(stateDir(), "mail");
}

/** The port of the test server (`E2E_PORT`, chosen by `playwright.config.ts`). */
export function port(): number {
  const value = Number(process.env.E2E_PORT);
  if (!Number.isInteger(value) || value <= 0) throw new Error("E2E_PORT is not set");
  return value;
}

/** Base URL of the test server, e.g. `http://127.0.0.1:41234`. */
export function baseUrl(): string {
  return `http://127.0.0.1:${String(port())}`;
}

/**
 * The environment of the server and of CLI commands on its database: SQLite in the state
 * folder, quiet logs, and none of the developer's services (PostgreSQL, Redis, SMTP, S3).
 */
export function serverEnv(): Record<string, string> {
  return {
    HOST: "127.0.0.1",
    PORT: String(port()),
    DATA_DIR: dataDir(),
    LOG_LEVEL: "warn",
    APP_URL: baseUrl(),
    DATABASE_URL: "",
    REDIS_URL: "",
    SMTP_URL: "",
    S3_ENDPOINT: "",
    S3_BUCKET: "",
    S3_ACCESS_KEY: "",
    S3_SECRET: "",
    S3_FORCE_PATH_STYLE: "",
    TRUSTED_PROXIES: "",
    // Every browser context shares 127.0.0.1 and the suite signs in many times: limits off
    // (they are tested in server/http/middlewares/rate-limit.test.ts).
    RATE_LIMITS: "off",
  };
}

/** Password of every fixture account. */
export const PASSWORD = "e2e-password-1234";

/** Roles of the fixture accounts of the `users` collection. */
export type UserRoleName = "user" | "writer" | "admin";

/** Every signed-in kind of visitor: the three `users` roles and a superuser. */
export type AccountName = UserRoleName | "superuser";

/** A fixture account of the `users` collection. */
export interface FixtureUser {
  username: string;
  name: string;
  email: string;
  /** The `role` field: `""` for a plain user. */
  role: "" | "writer" | "admin";
  /** Initials shown as its avatar (none when it has an avatar image). */
  initials: string;
}

/** The fixture accounts the global setup creates. */
export const USERS: Record<UserRoleName, FixtureUser> = {
  user: {
    username: "uma_e2e",
    name: "Uma Reader",
    email: "uma@e2e.example.com",
    role: "",
    initials: "UR",
  },
  writer: {
    username: "wren_e2e",
    name: "Wren Writer",
    email: "wren@e2e.example.com",
    role: "writer",
    initials: "WW",
  },
  admin: {
    username: "ada_e2e",
    name: "Ada Admin",
    email: "ada@e2e.example.com",
    role: "admin",
    initials: "AA",
  },
};

/** The superuser, created with `node bin/cahier.js superuser upsert`. */
export const SUPERUSER = { email: "root@e2e.example.com" } as const;

/** The writer has an avatar image (the other accounts show initials). */
export const AVATAR_OWNER: UserRoleName = "writer";

/** Content owned by the writer (public, published) and an item of the instances area. */
export const CONTENT = {
  collection: { name: "field-notes", title: "Field notes" },
  entry: { name: "first-light", title: "First light" },
  post: { slug: "hello-cahier", title: "Hello Cahier" },
  item: { code: "E2E-LANTERN", name: "Lantern" },
} as const;

/**
 * An address on another origin: the same server under `localhost` instead of `127.0.0.1`
 * (a different origin to the browser, and no network needed).
 */
export function externalUrl(): string {
  return `http://localhost:${String(port())}/privacyPolicy?from=elsewhere`;
}

/** A route rule of the test server. */
export interface RouteRule {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}

/**
 * The route rules of the test server (`route-rules.json` in its data folder): a moved page,
 * a moved section, and a page that now lives on another site.
 */
export function routeRules(): { redirects: RouteRule[] } {
  return {
    redirects: [
      { from: "/old-blog", to: "/blog", status: 301 },
      { from: "/people/**", to: "/team", status: 308 },
      { from: "/elsewhere", to: externalUrl(), status: 302 },
    ],
  };
}

/** The saved sign-in (Playwright storage state) of an account. */
export function authFile(account: AccountName): string {
  return path.join(stateDir(), "auth", `${account}.json`);
}

/**
 * The OpenID Connect provider of the browser suite: a real `oauth2-mock-server` process
 * (`tests/helpers/oidc-server.ts`) started by the web server wrapper, configured in Cahier as
 * the provider `mock`. Whoever goes through it signs in as {@link OIDC_PERSON}.
 */
export const OIDC_PROVIDER = { name: "mock", displayName: "Mock ID" } as const;

/** The person the test provider signs in. */
export const OIDC_PERSON = {
  sub: "e2e-oidc-person",
  email: "olive@e2e.example.com",
  email_verified: true,
  name: "Olive Oidc",
  preferred_username: "olive_e2e",
} as const;
