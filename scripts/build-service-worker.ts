/**
 * Builds the service worker (issue 28, ADR 072) into `build/client/sw.js`, after
 * `react-router build`: `app/service-worker/sw.ts` bundled with Workbox, with the list of the
 * build's scripts, styles and icons to precache written in (hashed names need no revision;
 * the others get their content's hash). `npm run build` runs it before precompressing.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "vite";

const ROOT = path.resolve(import.meta.dirname, "..");
const CLIENT_DIR = path.join(ROOT, "build", "client");

/** Files of the build the worker precaches. */
const PRECACHED = /\.(js|css|svg|png|webmanifest|woff2)$/;

/** The files under `dir`, relative to it, with `/` separators. */
function listFiles(dir: string, prefix = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    const relative = `${prefix}${entry.name}`;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${relative}/`) : [relative];
  });
}

/** The precache list of a client build. */
export function precacheManifest(clientDir: string): { url: string; revision: string | null }[] {
  return listFiles(clientDir)
    .filter((file) => PRECACHED.test(file) && file !== "sw.js")
    .sort()
    .map((file) => ({
      url: `/${file}`,
      revision: file.startsWith("assets/")
        ? null
        : createHash("sha256")
            .update(fs.readFileSync(path.join(clientDir, file)))
            .digest("hex")
            .slice(0, 16),
    }));
}

/** Writes `sw.js` into the client build. */
export async function buildServiceWorker(clientDir = CLIENT_DIR): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    publicDir: false,
    define: {
      __PRECACHE_MANIFEST__: JSON.stringify(precacheManifest(clientDir)),
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      lib: {
        entry: path.join(ROOT, "app", "service-worker", "sw.ts"),
        formats: ["iife"],
        name: "cahierServiceWorker",
        fileName: () => "sw.js",
      },
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServiceWorker(process.argv[2] ? path.resolve(process.argv[2]) : CLIENT_DIR);
}
