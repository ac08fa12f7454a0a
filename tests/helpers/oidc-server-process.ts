/**
 * Starts the test OpenID Connect provider (`oidc-server.ts`, oauth2-mock-server) as a child
 * process on a free port, and walks its authorization step the way a browser would.
 *
 * @example
 * const oidc = await startOidcServer();
 * const app = await createTestApp("sqlite", oidc.env());
 * const { oauth2 } = await (await app.http.inject("/api/collections/users/auth-methods")).json();
 * const { code } = await oidc.authorize(oauth2.providers[0].authURL, "http://app/login", {
 *   sub: "u1", email: "u1@example.com", email_verified: true,
 * });
 * await oidc.stop();
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The script run in the child process. */
export const OIDC_SERVER_SCRIPT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "oidc-server.ts",
);

/** How an id_token or token answer is spoiled (checklist B3). */
export type Tamper =
  | "iss"
  | "aud"
  | "azp"
  | "signature"
  | "unknown-kid"
  | "hs256"
  | "none"
  | "es256"
  | "expired"
  | "nonce"
  | "no-nonce"
  | "no-id-token"
  | "token-error";

/** The person who signs in at the provider, and how the provider misbehaves. */
export interface MockUser {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  preferred_username?: string;
  picture?: string;
  /** Where the profile claims go: the id_token (default) or only the userinfo answer. */
  claimsIn?: "id_token" | "userinfo";
  tamper?: Tamper;
  /** The provider refuses: `/authorize` redirects back with this `error`. */
  authorizeError?: string;
  /** GitHub's view of the person (derived from the claims when absent). */
  github?: {
    id: number;
    login: string;
    name?: string | null;
    avatar_url?: string;
    emails: { email: string; primary: boolean; verified: boolean }[];
  };
}

/** The client the tests register at the provider. */
export const OIDC_CLIENT = { id: "cahier-test-client", secret: "cahier-test-secret" } as const;
/** The GitHub client of the tests. */
export const GITHUB_CLIENT = {
  id: "cahier-github-client",
  secret: "cahier-github-secret",
} as const;

/** Where the provider sent the browser back. */
export interface AuthorizeResult {
  /** The callback URL with its query. */
  location: URL;
  code: string;
  state: string;
  error: string;
}

/** A running test provider. */
export interface OidcServer {
  /** Issuer URL, e.g. `http://127.0.0.1:41234`. */
  readonly issuer: string;
  /** GitHub's web and API base URLs on the same process. */
  readonly githubUrl: string;
  readonly githubApiUrl: string;
  /**
   * Environment that configures Cahier with this provider as the OpenID Connect provider
   * `name` (and GitHub, unless `github: false`).
   */
  env(options?: { name?: string; displayName?: string; github?: boolean }): Record<string, string>;
  /**
   * Follows an `authURL` from auth-methods (which ends with `&redirect_uri=`) with the
   * callback URL, as the person `user`; returns the callback the provider redirects to.
   */
  authorize(authURL: string, redirectURL: string, user?: MockUser): Promise<AuthorizeResult>;
  /** Stops the process. */
  stop(): Promise<void>;
}

/** Encodes a person for the `mock_user` authorization parameter. */
export function encodeMockUser(user: MockUser): string {
  return Buffer.from(JSON.stringify(user)).toString("base64url");
}

const START_TIMEOUT_MS = 15_000;

/**
 * Starts the provider. `defaultUser` signs in when an authorization request names nobody
 * (the browser flow).
 */
export async function startOidcServer(
  options: { defaultUser?: MockUser; port?: number } = {},
): Promise<OidcServer> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (options.defaultUser) env.OIDC_DEFAULT_USER = JSON.stringify(options.defaultUser);
  const child: ChildProcess = spawn(
    process.execPath,
    [OIDC_SERVER_SCRIPT, "--port", String(options.port ?? 0)],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the OIDC server did not start:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /OIDC_READY (\{.*\})/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve((JSON.parse(match[1]) as { issuer: string }).issuer);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the OIDC server exited (${String(code)}):\n${output}`));
    });
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  return {
    issuer,
    githubUrl: `${issuer}/github`,
    githubApiUrl: `${issuer}/github/api`,
    env({ name = "mock", displayName = "Mock ID", github = true } = {}) {
      const prefix = `OAUTH2_OIDC_${name.toUpperCase().replace(/-/g, "_")}`;
      return {
        [`${prefix}_ISSUER`]: issuer,
        [`${prefix}_CLIENT_ID`]: OIDC_CLIENT.id,
        [`${prefix}_CLIENT_SECRET`]: OIDC_CLIENT.secret,
        [`${prefix}_DISPLAY_NAME`]: displayName,
        ...(github
          ? {
              OAUTH2_GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
              OAUTH2_GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
              OAUTH2_GITHUB_URL: `${issuer}/github`,
              OAUTH2_GITHUB_API_URL: `${issuer}/github/api`,
            }
          : {}),
      };
    },
    async authorize(authURL, redirectURL, user) {
      const url = `${authURL}${encodeURIComponent(redirectURL)}${user ? `&mock_user=${encodeMockUser(user)}` : ""}`;
      const response = await fetch(url, { redirect: "manual" });
      const target = response.headers.get("location");
      if (response.status !== 302 || !target)
        throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
      const location = new URL(target);
      return {
        location,
        code: location.searchParams.get("code") ?? "",
        state: location.searchParams.get("state") ?? "",
        error: location.searchParams.get("error") ?? "",
      };
    },
    async stop() {
      process.removeListener("exit", killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => {
        child.once("exit", () => {
          resolve();
        });
      });
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
