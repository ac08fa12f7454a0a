/**
 * Playwright's `webServer` command: builds the web app when `build/` is stale, then runs the
 * built app with `node bin/cahier.js serve` on `E2E_PORT`, with a fresh SQLite `DATA_DIR` in
 * the run's state folder (holding the suite's `route-rules.json`), logging at `info` into
 * `test-results/e2e-server.log` (kept after the run).
 * Its mail goes to a real SMTP server, a child process (`mail-server.ts`) that writes each
 * message into the state folder for the specs to read (`SMTP_URL`).
 * When Playwright stops it (SIGTERM), the server stops too and the state folder is removed.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "../../../scripts/build-if-needed.ts";
import { startOidcServer } from "../../helpers/oidc-server-process.ts";
import { CLI_PATH, dataDir, ROOT_DIR, routeRules, serverEnv, stateDir } from "./environment.ts";
import { SERVER_LOG } from "./environment.ts";
import { OIDC_PERSON, OIDC_PROVIDER } from "./environment.ts";

const folder = stateDir();
fs.rmSync(folder, { recursive: true, force: true });
fs.mkdirSync(dataDir(), { recursive: true });
fs.writeFileSync(path.join(dataDir(), "route-rules.json"), JSON.stringify(routeRules(), null, 2));

const removeState = () => {
  fs.rmSync(folder, { recursive: true, force: true });
};

try {
  buildIfNeeded(ROOT_DIR, (line) => {
    console.error(line);
  });
} catch (error) {
  removeState();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// The OpenID Connect provider the app signs in with (see OIDC_PROVIDER); it is killed when
// this process exits.
const oidc = await startOidcServer({ defaultUser: OIDC_PERSON });
const oauth2Env = oidc.env({
  name: OIDC_PROVIDER.name,
  displayName: OIDC_PROVIDER.displayName,
  github: false,
});

const mailServer = spawn(process.execPath, [path.join(import.meta.dirname, "mail-server.ts")], {
  cwd: ROOT_DIR,
  env: process.env,
  stdio: ["ignore", "pipe", "inherit"],
});
const stopMailServer = () => {
  if (mailServer.exitCode === null && mailServer.signalCode === null) mailServer.kill("SIGTERM");
};
const smtpUrl = await new Promise<string>((resolve) => {
  let output = "";
  mailServer.stdout.setEncoding("utf8");
  mailServer.stdout.on("data", (chunk: string) => {
    output += chunk;
    const line = /^SMTP_URL=(\S+)$/m.exec(output);
    if (line?.[1]) resolve(line[1]);
  });
  mailServer.once("exit", (code) => {
    removeState();
    console.error(`the SMTP server stopped before it started (exit ${String(code)})`);
    process.exit(1);
  });
});
mailServer.removeAllListeners("exit");

// The server's log (info and above: every refused session names its account and reason,
// issue 22) goes to a file that outlives the run, for the failures to be explained.
fs.mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
const log = fs.openSync(SERVER_LOG, "w");
const server = spawn(process.execPath, [CLI_PATH, "serve"], {
  cwd: ROOT_DIR,
  env: { ...process.env, ...serverEnv(), ...oauth2Env, SMTP_URL: smtpUrl, LOG_LEVEL: "info" },
  stdio: ["ignore", log, "inherit"],
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

// Without its SMTP server the suite cannot pass: stop the app too, which ends the run.
let stopping = false;
mailServer.on("exit", (code) => {
  // Exit 0 is its answer to SIGTERM/SIGINT (Playwright stopping the whole run).
  if (stopping || code === 0) return;
  console.error(`the SMTP server stopped (exit ${String(code)})`);
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
});

server.on("exit", (code, signal) => {
  stopping = true;
  stopMailServer();
  removeState();
  process.exit(code ?? (signal ? 0 : 1));
});
