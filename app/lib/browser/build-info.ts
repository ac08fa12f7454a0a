/**
 * The build descriptions the server publishes (`/_app/builds/latest.json` and
 * `/_app/builds/meta/{buildId}.json`): fetched without caches, and checked before use.
 */
import {
  BUILDS_PATH,
  REDIRECT_STATUSES,
  type BuildInfo,
  type BuildMeta,
  type RedirectRule,
} from "#shared/route-rules.ts";

/** Whether `value` is a plain object (not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A build description request that did not succeed. */
export class BuildRequestError extends Error {
  override name = "BuildRequestError";
  /** HTTP status, `0` when the answer was not usable JSON. */
  readonly status: number;

  constructor(url: string, status: number) {
    super(`GET ${url} failed${status ? ` with status ${String(status)}` : ": invalid answer"}`);
    this.status = status;
  }
}

/** A `fetch` as the watcher uses it. */
export type BuildFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** `latest.json`'s answer, or `null` when it is not one. */
export function parseBuildInfo(value: unknown): BuildInfo | null {
  if (!isRecord(value)) return null;
  const { id, timestamp } = value;
  if (typeof id !== "string" || id === "") return null;
  if (typeof timestamp !== "number" || !Number.isFinite(timestamp)) return null;
  return { id, timestamp };
}

function parseRule(value: unknown): RedirectRule | null {
  if (!isRecord(value)) return null;
  const { from, to, status } = value;
  if (typeof from !== "string" || !from.startsWith("/") || typeof to !== "string") return null;
  const known = REDIRECT_STATUSES.find((s) => s === status);
  return known ? { from, to, status: known } : null;
}

/** `meta/{id}.json`'s answer, or `null` when it is not one. */
export function parseBuildMeta(value: unknown): BuildMeta | null {
  const info = parseBuildInfo(value);
  if (!info || !isRecord(value) || !Array.isArray(value.redirects)) return null;
  const redirects: RedirectRule[] = [];
  for (const item of value.redirects) {
    const rule = parseRule(item);
    if (!rule) return null;
    redirects.push(rule);
  }
  return { ...info, redirects };
}

async function getJson<T>(
  fetchImpl: BuildFetch,
  url: string,
  parse: (value: unknown) => T | null,
): Promise<T> {
  const response = await fetchImpl(url, {
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new BuildRequestError(url, response.status);
  const parsed = parse(await response.json().catch(() => null));
  if (!parsed) throw new BuildRequestError(url, 0);
  return parsed;
}

/** The build the server runs now (`latest.json`, with a timestamp against caches). */
export function fetchLatestBuild(fetchImpl: BuildFetch, now: number): Promise<BuildInfo> {
  return getJson(fetchImpl, `${BUILDS_PATH}/latest.json?t=${String(now)}`, parseBuildInfo);
}

/** A build's description and route rules (`meta/{id}.json`). */
export function fetchBuildMeta(fetchImpl: BuildFetch, buildId: string): Promise<BuildMeta> {
  return getJson(
    fetchImpl,
    `${BUILDS_PATH}/meta/${encodeURIComponent(buildId)}.json`,
    parseBuildMeta,
  );
}
