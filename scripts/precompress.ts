/**
 * Post-build step of `npm run build` (and `scripts/build-if-needed.ts`): writes a Brotli
 * (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every compressible file of the
 * client build (`build/client`: the hashed assets, the favicon and the other public files), so
 * the server sends them as they are (`@fastify/static`'s `preCompressed`) instead of
 * compressing each one on every request. Done once per build, so the slowest, smallest
 * settings pay off. Files under 1 KiB, types already compressed (images, fonts, archives)
 * and copies that would not be smaller are skipped.
 *
 * Run alone: `node scripts/precompress.ts [build/client]`.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The client build the server serves. */
export const CLIENT_DIR = path.join(ROOT, "build", "client");

/** Extensions of the files worth compressing (text of some kind). */
export const PRECOMPRESSED_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".json",
  ".map",
  ".svg",
  ".txt",
  ".xml",
  ".webmanifest",
]);

/** Smaller files are served as they are. */
export const PRECOMPRESS_THRESHOLD = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** What {@link precompress} wrote. */
export interface PrecompressReport {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes the `.br` and `.gz` copies of the compressible files under `dir`. */
export async function precompress(dir = CLIENT_DIR): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await listFiles(dir)).filter((file) =>
    PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase()),
  );
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(file);
      if (body.length < PRECOMPRESS_THRESHOLD) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      report.files += 1;
      report.bytes += body.length;
      // A copy that is not smaller is not worth sending: the server falls back to the file.
      if (br.length < body.length) {
        await fs.writeFile(`${file}.br`, br);
        report.brotliBytes += br.length;
      }
      if (gz.length < body.length) {
        await fs.writeFile(`${file}.gz`, gz);
        report.gzipBytes += gz.length;
      }
    }),
  );
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? CLIENT_DIR);
  const started = performance.now();
  const report = await precompress(dir);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `Precompressed ${String(report.files)} files in ${path.relative(process.cwd(), dir) || dir} ` +
      `(${kib(report.bytes)} → ${kib(report.brotliBytes)} br, ${kib(report.gzipBytes)} gz) ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
