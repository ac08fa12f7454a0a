/**
 * Two server processes on one PostgreSQL database, for the scale-out proofs
 * (`tests/scale/*-multi-instance.test.ts`): the first gets a fresh database, the second joins
 * it with the same shared variables (Redis, S3, OAuth2 provider, …).
 *
 * @example
 * [a, b] = await startInstances({ REDIS_URL: SHARED_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix() });
 * const token = await superuserToken(a);
 * // … afterAll: await cleanupInstances([a, b]);
 */
import { startServer, upsertSuperuserCli, type ServerProcess } from "./server-process.ts";

/** The superuser the scale proofs sign in as. */
export const ROOT_EMAIL = "root@example.com";
/** Its password. */
export const ROOT_PASSWORD = "password123";

/**
 * Starts two servers on one new PostgreSQL database with `sharedEnv` each; when the second
 * fails to start, the first is cleaned up before the error is thrown.
 */
export async function startInstances(
  sharedEnv: Record<string, string>,
): Promise<[ServerProcess, ServerProcess]> {
  const first = await startServer("postgres", sharedEnv);
  try {
    const env = { ...sharedEnv, DATABASE_URL: first.env.DATABASE_URL as string };
    return [first, await startServer("postgres", env)];
  } catch (error) {
    await first.cleanup();
    throw error;
  }
}

/** Cleans up the servers that were started (entries left unset by a failed `beforeAll` are skipped). */
export async function cleanupInstances(
  servers: readonly (ServerProcess | undefined)[],
): Promise<void> {
  await Promise.all(servers.map((server) => server?.cleanup() ?? Promise.resolve()));
}

/** Creates the superuser through `server`'s CLI and returns a token from signing in to it. */
export async function superuserToken(server: ServerProcess): Promise<string> {
  await upsertSuperuserCli(server, ROOT_EMAIL, ROOT_PASSWORD);
  const res = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identity: ROOT_EMAIL, password: ROOT_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`superuser sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** What {@link apiRequest} answers: the status and the parsed JSON body (`null` when empty). */
export interface ApiAnswer {
  status: number;
  json: unknown;
}

/**
 * Sends one API request to `server`, with `token` as its Authorization header and `body` as
 * JSON when given.
 */
export async function apiRequest(
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown } = {},
): Promise<ApiAnswer> {
  const { token, body } = options;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** Polls `check` every `intervalMs` until it holds; throws naming `what` after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
  intervalMs = 25,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
