/**
 * Table-driven API scenarios, after PocketBase's `tests.ApiScenario`: a request, the
 * expected status, fragments the body must and must not contain.
 */
import { expect } from "vitest";
import type { TestApp } from "./test-app.ts";

/** One API scenario. */
export interface ApiScenario {
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE" | "HEAD" | "PUT" | "OPTIONS";
  url: string;
  /** Bearer token or a function of the app returning one (resolved per run). */
  token?: string | undefined;
  headers?: Record<string, string>;
  body?: unknown;
  expectedStatus: number;
  expectedContent?: string[];
  notExpectedContent?: string[];
}

/** Runs a scenario against an in-process app and checks its expectations. */
export async function runScenario(
  app: TestApp,
  s: ApiScenario,
): Promise<{ status: number; body: string; json: () => unknown }> {
  const headers: Record<string, string> = { ...(s.headers ?? {}) };
  if (s.token) headers.authorization = s.token;
  const res = await app.http.inject({
    method: s.method,
    url: s.url,
    headers,
    ...(s.body === undefined
      ? {}
      : typeof s.body === "string"
        ? { payload: s.body, headers: { "content-type": "application/json", ...headers } }
        : { payload: s.body as object }),
  });
  expect(res.statusCode, `${s.name}: status (body ${res.body.slice(0, 300)})`).toBe(
    s.expectedStatus,
  );
  for (const fragment of s.expectedContent ?? []) {
    expect(res.body, `${s.name}: must contain ${fragment}`).toContain(fragment);
  }
  for (const fragment of s.notExpectedContent ?? []) {
    expect(res.body, `${s.name}: must not contain ${fragment}`).not.toContain(fragment);
  }
  return { status: res.statusCode, body: res.body, json: () => JSON.parse(res.body) as unknown };
}

/** A row of a scenario table: who sends it (`"guest"` or a fixture name) instead of a token. */
export interface TableScenario<Who extends string> extends Omit<ApiScenario, "token"> {
  as: Who;
}

/**
 * Runs rows of a scenario table. `$name` placeholders anywhere in a row (url, body, expected
 * fragments) are replaced with `ids[name]` once the fixtures exist (an unknown one throws);
 * `as` picks the requester's token from `tokens` (`"guest"` sends none; with `requireToken`, a
 * named requester without a token throws instead of silently running as a guest).
 */
export function tableRunner<Who extends string>(
  getApp: () => TestApp,
  ids: Record<string, string>,
  tokens: Partial<Record<Who, string>>,
  options: { requireToken?: boolean } = {},
) {
  const fill = <T extends TableScenario<Who>>(row: T): T => {
    const text = JSON.stringify(row).replace(/\$(\w+)/g, (match, key: string) => {
      const value = ids[key];
      if (value === undefined) throw new Error(`unknown placeholder ${match} in ${row.name}`);
      return value;
    });
    return JSON.parse(text) as T;
  };
  const run = async (row: TableScenario<Who>) => {
    const filled = fill(row);
    const token = filled.as === "guest" ? undefined : tokens[filled.as];
    if (options.requireToken && filled.as !== "guest" && !token) {
      throw new Error(`no token for ${filled.as}`);
    }
    return runScenario(getApp(), { ...filled, token });
  };
  return {
    fill,
    run,
    /** Runs a row whose response is not needed. */
    check: async (row: TableScenario<Who>): Promise<void> => {
      await run(row);
    },
  };
}
