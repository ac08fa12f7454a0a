/**
 * Shared setup of the SDK compatibility tests: a real server process on a fresh database, a
 * superuser created through the CLI and logged in with the official `pocketbase` SDK, and
 * helpers for more clients and logged-in users.
 *
 * @example
 * describe.each(DIALECTS)("SDK something (%s)", (dialect) => {
 *   let sdk: SdkFixture;
 *   beforeAll(async () => {
 *     sdk = await startSdkFixture(dialect);
 *   });
 *   afterAll(() => sdk.close());
 *
 *   it("lists posts", async () => {
 *     const writer = await sdk.account("writer", { role: "writer" });
 *     expect(await writer.pb.collection("posts").getFullList()).toEqual([]);
 *   });
 * });
 */
import PocketBase, { type RecordModel } from "pocketbase";
import {
  startServer,
  upsertSuperuserCli,
  type ServerProcess,
} from "#tests/helpers/server-process.ts";
import type { DialectName } from "#tests/helpers/test-app.ts";

/** The password of the fixture's superuser and of every user made by `account()`. */
export const PASSWORD = "password123";
/** The email of the fixture's superuser. */
const ROOT_EMAIL = "root@example.com";

/** How the SDK rejects a record that is missing or hidden by the rules (a `ClientResponseError`). */
export const NOT_FOUND = {
  status: 404,
  response: { status: 404, message: "The requested resource wasn't found.", data: {} },
};
/** How the SDK rejects a create that the collection's create rule denies. */
export const CREATE_DENIED = {
  status: 400,
  response: { status: 400, message: "Failed to create record.", data: {} },
};

/** A logged-in client and the auth record it is logged in as. */
export interface Account {
  pb: PocketBase;
  record: RecordModel;
}

/** A running server with a logged-in superuser; see `startSdkFixture`. */
export interface SdkFixture {
  /** The server process (its `url`, and its `env` for the CLI or the database). */
  readonly server: ServerProcess;
  /** A client that is not logged in. */
  readonly guest: PocketBase;
  /** The superuser `root@example.com`, logged in. */
  readonly root: Account;
  /** A new client, not logged in, without auto-cancellation (tests may fire requests in parallel). */
  client(): PocketBase;
  /**
   * Creates the user `username` (email `username@example.com`, password `PASSWORD`) as the
   * superuser, so `data` may set any field (`role`, `name`, `emailVisibility`…), and logs it
   * in on a new client.
   */
  account(username: string, data?: Record<string, unknown>): Promise<Account>;
  /** Kills the server and removes its database. Call once, in `afterAll`. */
  close(): Promise<void>;
}

/**
 * Starts a server on a fresh database of `dialect`, upserts the superuser `root@example.com`
 * through the CLI and logs it in; the server is cleaned up again when any step fails.
 * `extraEnv` adds server variables (e.g. `SMTP_URL`).
 */
export async function startSdkFixture(
  dialect: DialectName,
  extraEnv: Record<string, string> = {},
): Promise<SdkFixture> {
  const server = await startServer(dialect, extraEnv);
  const client = () => new PocketBase(server.url).autoCancellation(false);
  try {
    await upsertSuperuserCli(server, ROOT_EMAIL, PASSWORD);
    const rootClient = client();
    const { record } = await rootClient
      .collection("_superusers")
      .authWithPassword(ROOT_EMAIL, PASSWORD);
    const root: Account = { pb: rootClient, record };
    return {
      server,
      guest: client(),
      root,
      client,
      async account(username, data = {}) {
        await root.pb.collection("users").create({
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          ...data,
        });
        const pb = client();
        const auth = await pb.collection("users").authWithPassword(username, PASSWORD);
        return { pb, record: auth.record };
      },
      close: () => server.cleanup(),
    };
  } catch (error) {
    await server.cleanup();
    throw error;
  }
}

/** The titles of `items`, sorted. */
export function titles(items: RecordModel[]): string[] {
  return items.map((i) => i.title as string).sort();
}
