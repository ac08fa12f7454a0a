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
