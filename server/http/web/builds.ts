/**
 * Build awareness (spec §2, §4, §7; design §6): the server publishes which web build it runs
 * and the route rules of that build, and applies the rules' redirects to page requests.
 *
 * - `GET /_app/builds/latest.json` → `{ "id", "timestamp" }`: the build the server runs. The
 *   browser polls it (`?t=<timestamp>`) and reloads at its next navigation when the id differs
 *   from its own.
 * - `GET /_app/builds/meta/{id}.json` → `{ "id", "timestamp", "redirects": [...] }` for the
 *   current build; any other id → 404 JSON.
 *
 * Both answer with `Cache-Control: no-store`. The build id is React Router's manifest version
 * (the content hash in `build/client/assets/manifest-<version>.js`, the same value the browser
 * reads from `window.__reactRouterManifest.version`); the timestamp is when that file was
 * written. Route rules come from `route-rules.json` in `DATA_DIR` (optional), validated when
 * the server starts ({@link loadRouteRules}).
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  BUILDS_PATH,
  findRedirect,
  isExternalTarget,
  normalizeRulePath,
  REDIRECT_STATUSES,
  redirectLocation,
  type BuildInfo,
  type BuildMeta,
  type RedirectRule,
} from "#shared/route-rules.ts";
import { ConfigError } from "../../config.ts";
import { apiErrorBody } from "../errors.ts";

/** Name of the route rules file inside `DATA_DIR`. */
export const ROUTE_RULES_FILE = "route-rules.json";

/** Status of a redirect rule that names none: temporary, so browsers do not cache it. */
export const DEFAULT_REDIRECT_STATUS = 307;

/** Cache policy of the build descriptions: always asked again. */
export const BUILDS_CACHE_CONTROL = "no-store";

/** The route rules of the site. */
export interface RouteRules {
  redirects: RedirectRule[];
}

/** A route rules file that cannot be used; the server does not start with it. */
export class RouteRulesError extends ConfigError {
  override name = "RouteRulesError";
}

/** Path prefixes the web app does not own, so rules may not redirect them. */
const RESERVED_PREFIXES = ["/api", "/_app", "/assets", "/__manifest"];

function isReserved(pathname: string): boolean {
  return RESERVED_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** A rule's `from` without its `/**` wildcard. */
function fromBase(from: string): string {
  return from.endsWith("/**") ? from.slice(0, -3) : from;
}

const FromSchema = z
  .string({ message: "must be a string" })
  .trim()
  .refine((from) => from.startsWith("/") && !from.startsWith("//"), {
    message: 'must be a path starting with "/" (for example "/old")',
  })
  .refine((from) => !/[?#]/.test(from), {
    message: "must be a path only, without a query or a fragment",
  })
  .refine((from) => !fromBase(from).includes("*"), {
    message: 'may only end with "/**" as a wildcard (for example "/old/**")',
  })
  .refine((from) => !isReserved(normalizeRulePath(fromBase(from))), {
    message: `may not be under ${RESERVED_PREFIXES.join(", ")} (those paths are not pages)`,
  });

const ToSchema = z
  .string({ message: "must be a string" })
  .trim()
  .refine(
    (to) => {
      if (!isExternalTarget(to)) return to.startsWith("/") && !to.startsWith("/\\");
      if (!URL.canParse(to)) return false;
      const { protocol } = new URL(to);
      return protocol === "http:" || protocol === "https:";
    },
    {
      message:
        'must be a path of the site starting with "/" or an absolute http(s) address (for example "https://example.org/page")',
    },
  );

const RedirectSchema = z.strictObject(
  {
    from: FromSchema,
    to: ToSchema,
    status: z
      .union(
        REDIRECT_STATUSES.map((status) => z.literal(status)),
        { message: `must be one of ${REDIRECT_STATUSES.join(", ")}` },
      )
      .default(DEFAULT_REDIRECT_STATUS),
  },
  { message: 'must be an object with "from", "to" and optionally "status"' },
);

const RouteRulesSchema = z
  .strictObject(
    {
      $schema: z.string().optional(),
      redirects: z.array(RedirectSchema, { message: "must be an array" }).default([]),
    },
    { message: 'must be an object with a "redirects" array' },
  )
  .superRefine((value, ctx) => {
    const seen = new Map<string, number>();
    value.redirects.forEach((rule, index) => {
      const key = rule.from.endsWith("/**") ? rule.from : normalizeRulePath(rule.from);
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["redirects", index, "from"],
          message: `repeats redirects.${String(first)}.from ("${rule.from}")`,
        });
      } else {
        seen.set(key, index);
      }
      if (!isExternalTarget(rule.to) && findRedirect([rule], rule.to.split(/[?#]/)[0] ?? "")) {
        ctx.addIssue({
          code: "custom",
          path: ["redirects", index, "to"],
          message: "would redirect to itself",
        });
      }
    });
  });

/**
 * Validates route rules read from `source` (used in error messages). Throws a
 * {@link RouteRulesError} listing every problem, one line each.
 */
export function parseRouteRules(input: unknown, source: string): RouteRules {
  const parsed = RouteRulesSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.map(String).join(".") || "(file)"}: ${issue.message}`,
    );
    throw new RouteRulesError(`Invalid route rules in ${source}:\n${lines.join("\n")}`);
  }
  return { redirects: parsed.data.redirects };
}

/**
 * Reads `route-rules.json` from the data folder. A missing file means no rules; an
 * unreadable file, invalid JSON or an invalid rule throws a {@link RouteRulesError}.
 */
export function loadRouteRules(dataDir: string | undefined): RouteRules {
  if (!dataDir) return { redirects: [] };
  const file = path.join(dataDir, ROUTE_RULES_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { redirects: [] };
    throw new RouteRulesError(
      `Cannot read the route rules in ${file}: ${(error as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RouteRulesError(
      `Invalid route rules in ${file}: not valid JSON (${(error as Error).message})`,
    );
  }
  return parseRouteRules(json, file);
}

const MANIFEST_FILE = /^manifest-([A-Za-z0-9_-]+)\.js$/;

/**
 * The build in `clientDir` (`build/client`): the version of React Router's manifest file and
 * when it was written; `null` when there is no build.
 */
export function readBuildInfo(clientDir: string): BuildInfo | null {
  const assets = path.join(clientDir, "assets");
  let newest: BuildInfo | null = null;
  let names: string[];
  try {
    names = fs.readdirSync(assets);
  } catch {
    return null;
  }
  for (const name of names) {
    const match = MANIFEST_FILE.exec(name);
    if (!match?.[1]) continue;
    const timestamp = Math.round(fs.statSync(path.join(assets, name)).mtimeMs);
    if (!newest || timestamp > newest.timestamp) newest = { id: match[1], timestamp };
  }
  return newest;
}

/** Options of {@link registerBuildRoutes}. */
export interface BuildRoutesOptions {
  /** The client build folder (`build/client`). */
  clientDir: string;
  /** The data folder holding `route-rules.json` (no rules without it). */
  dataDir?: string;
}

/** Whether a page request may be redirected by a rule (pages only, never data or files). */
function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (isReserved(pathname)) return false;
  // React Router's data requests (`/blog.data`, `/_root.data`): the browser follows the rules
  // itself before asking for them.
  return !pathname.endsWith(".data");
}

/**
 * Registers the build descriptions and the redirect hook on the web app's plugin (call it
 * before the page routes so the hook covers them). Reads and validates the route rules now,
 * so a bad file stops the server at start.
 */
export function registerBuildRoutes(web: FastifyInstance, options: BuildRoutesOptions): void {
  const rules = loadRouteRules(options.dataDir);
  // The build is read once found: the server renders with the bundle it loaded first.
  let build: BuildInfo | null = null;
  const currentBuild = (): BuildInfo | null => (build ??= readBuildInfo(options.clientDir));

  const noBuild = (reply: FastifyReply) =>
    reply
      .status(503)
      .header("Cache-Control", BUILDS_CACHE_CONTROL)
      .send(apiErrorBody(503, "The web app has not been built."));

  web.get(`${BUILDS_PATH}/latest.json`, async (_request, reply) => {
    const info = currentBuild();
    if (!info) return noBuild(reply);
    return reply.header("Cache-Control", BUILDS_CACHE_CONTROL).send(info);
  });

  web.get<{ Params: { file: string } }>(`${BUILDS_PATH}/meta/:file`, async (request, reply) => {
    const info = currentBuild();
    if (!info) return noBuild(reply);
    if (request.params.file !== `${info.id}.json`) {
      return reply
        .status(404)
        .header("Cache-Control", BUILDS_CACHE_CONTROL)
        .send(apiErrorBody(404, "Unknown build id."));
    }
    const meta: BuildMeta = { ...info, redirects: rules.redirects };
    return reply.header("Cache-Control", BUILDS_CACHE_CONTROL).send(meta);
  });

  if (rules.redirects.length === 0) return;
  web.addHook("onRequest", async (request, reply) => {
    const url = new URL(request.url, "http://localhost");
    if (!isPageRequest(request, url.pathname)) return;
    const rule = findRedirect(rules.redirects, url.pathname);
    if (!rule) return;
    return reply.redirect(redirectLocation(rule, url.search), rule.status);
  });
}
