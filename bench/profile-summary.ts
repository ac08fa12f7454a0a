/**
 * Summarises a V8 CPU profile (`.cpuprofile`, as written by `BENCH_CPU_PROF=1 npm run bench`):
 * the functions with the most self time, and self time per source area (Cahier's folders,
 * each npm package, Node internals, native code).
 *
 * Usage: `node bench/profile-summary.ts [file.cpuprofile] [top=30]` (default: the newest
 * profile in `.bench/profiles/`).
 */
import fs from "node:fs";
import path from "node:path";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = path.dirname(import.meta.dirname);

function newestProfile(): string {
  const dir = path.join(ROOT, ".bench", "profiles");
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`no .cpuprofile in ${dir}`);
  return files[0];
}

/** The area a frame belongs to: a Cahier folder, an npm package, node internals, or native. */
function areaOf(frame: CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, "");
  if (!url) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  if (url.startsWith("node:")) return "node internals";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const rel = path.relative(ROOT, url);
  return rel.split(path.sep).slice(0, 3).join("/");
}

function main(): void {
  const file = process.argv[2] || newestProfile();
  const top = Number(process.argv[3] ?? 30);
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const idle = [...self]
    .filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)")
    .reduce((s, [, t]) => s + t, 0);
  const busy = total - idle;

  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === "(idle)") continue;
    const where = frame.url
      ? `${path.relative(ROOT, frame.url.replace(/^file:\/\//, ""))}:${String(frame.lineNumber + 1)}`
      : "";
    const key = `${frame.functionName || "(anonymous)"} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + time);
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + time);
  }
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)}%`;
  console.log(
    `${file}\nbusy ${(busy / 1e6).toFixed(2)} s of ${(total / 1e6).toFixed(2)} s sampled\n`,
  );
  console.log("Self time by area:");
  for (const [area, time] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${pct(time)}  ${area}`);
  console.log(`\nTop ${String(top)} functions by self time:`);
  for (const [key, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(time)}  ${key}`);
}

main();
