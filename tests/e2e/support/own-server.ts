/**
 * A server process of a spec's own (`node bin/cahier.js serve` on a free port, a fresh
 * SQLite data folder, its own real SMTP server in the worker), for specs whose actions would
 * disturb the shared test server: a backup restore replaces every table, and a changed
 * application name shows in other specs' mail. It runs the same built app as the suite's.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, waitForExit } from "../../helpers/child-process.ts";
import { startMailCatcher, type MailCatcher } from "../../helpers/mail-catcher.ts";
import { CLI_PATH, PASSWORD, ROOT_DIR, serverEnv } from "./environment.ts";

/** A running server of one spec. */
export interface OwnServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Its data folder (SQLite database, files, backups). */
  dataDir: string;
  /** The SMTP server its mail goes to. */
  mail: MailCatcher;
  /** Creates (or updates) a superuser with the suite's password, through the CLI. */
  upsertSuperuser(email: string): void;
  /** Stops the server and the SMTP server and removes the data folder. */
  stop(): Promise<void>;
}

/** Starts a server and waits (up to a minute) until `/api/health` answers 200. */
export async function startOwnServer(): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-e2e-own-"));
  const mail = await startMailCatcher();
  const env = {
    ...process.env,
    ...serverEnv(),
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: url,
    SMTP_URL: mail.url,
  };
  let output = "";
  const child = spawn(process.execPath, [CLI_PATH, "serve"], {
    cwd: ROOT_DIR,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-16_384);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await waitForExit(child);
    clearTimeout(timer);
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the spec's server exited before it was healthy:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.status === 200)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the spec's server did not answer ${url}/api/health:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    dataDir,
    mail,
    upsertSuperuser(email) {
      const result = spawnSync(
        process.execPath,
        [CLI_PATH, "superuser", "upsert", email, PASSWORD],
        {
          cwd: ROOT_DIR,
          env,
          encoding: "utf8",
        },
      );
      if (result.status !== 0)
        throw new Error(`superuser upsert failed:\n${result.stdout}${result.stderr}`);
    },
    stop,
  };
}
