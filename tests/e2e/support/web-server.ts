/**
 * Playwright's `webServer` command: builds the web app when `build/` is stale, then runs the
 * built app with `node bin/cahier.js serve` on `E2E_PORT`, with a fresh SQLite `DATA_DIR` in
 * the run's state folder (holding the suite's `route-rules.json`) and `LOG_LEVEL=warn`.
 * When Playwright stops it (SIGTERM), the server stops too and the state folder is removed.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildWebIfNeeded } from "../../../scripts/build-if-needed.ts";
import { startOidcServer } from "../../helpers/oidc-server-process.ts";
import { CLI_PATH, dataDir, ROOT_DIR, routeRules, serverEnv, stateDir } from "./environment.ts";
import { OIDC_PERSON, OIDC_PROVIDER } from "./environment.ts";

const folder = stateDir();
fs.rmSync(folder, { recursive: true, force: true });
fs.mkdirSync(dataDir(), { recursive: true });
fs.writeFileSync(path.join(dataDir(), "route-rules.json"), JSON.stringify(routeRules(), null, 2));

const removeState = () => {
  fs.rmSync(folder, { recursive: true, force: true });
};

try {
  buildWebIfNeeded(ROOT_DIR, (line) => {
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

const server = spawn(process.execPath, [CLI_PATH, "serve"], {
  cwd: ROOT_DIR,
  env: { ...process.env, ...serverEnv(), ...oauth2Env },
  stdio: "inherit",
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on("exit", (code, signal) => {
  removeState();
  process.exit(code ?? (signal ? 0 : 1));
});
