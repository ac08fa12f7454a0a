/**
 * `cahier restore` refuses to run while a server serves the database (probe finding F8: under
 * write load a restore discarded writes the clients had been told succeeded), says how to
 * stop it, and runs once the server is gone, including after a `kill -9` left its mark behind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startServer, type ServerProcess } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("cahier restore while a server runs (%s)", (dialect) => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => {
    await server.cleanup();
  });

  /** Counts the users the running server reports through its health-free public API. */
  const signUp = async (username: string) => {
    const res = await fetch(`${server.url}/api/collections/users/records`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username,
        email: `${username}@example.com`,
        password: "correct horse battery",
        passwordConfirm: "correct horse battery",
      }),
    });
    expect(res.status).toBe(200);
  };

  it(
    "refuses while the server runs, and restores after it stopped",
    { timeout: 240_000 },
    async () => {
      await signUp("before_backup");
      const backup = await runCli(server.env, ["backup", "lock_test.zip"]);
      expect(backup.code, backup.stderr).toBe(0);
      await signUp("after_backup");

      const refused = await runCli(server.env, ["restore", "lock_test.zip"]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("A Cahier server is using this database");
      expect(refused.stderr).toContain("Stop every `cahier serve` of this database first");
      expect(refused.stdout).not.toContain("Restored");
      // Nothing was restored: the account made after the backup is still there.
      const found = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identity: "after_backup", password: "correct horse battery" }),
      });
      expect(found.status).toBe(200);

      await server.stop();
      const restored = await runCli(server.env, ["restore", "lock_test.zip"]);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain("Restored lock_test.zip.");
    },
  );

  it("is not held by a server killed with SIGKILL", { timeout: 240_000 }, async () => {
    await server.restart();
    await server.kill();
    const restored = await runCli(server.env, ["restore", "lock_test.zip"]);
    expect(restored.code, restored.stderr).toBe(0);
  });
});
