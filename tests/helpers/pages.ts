/**
 * Helpers for page tests: tests that request the web app's routes (pages, feeds) from the
 * real server in-process (`createTestApp(…).http.inject`) and read the rendered HTML or XML.
 */
import type { TestApp } from "./test-app.ts";

/** A signed-in user as `TestApp.createUser` returns it: its record and auth token. */
export type Login = Awaited<ReturnType<TestApp["createUser"]>>;

/** The `pb_auth` cookie the browser writes (the SDK's `exportToCookie` format). */
export function authCookie(login: { token: string; record: Record<string, unknown> }): string {
  return `pb_auth=${encodeURIComponent(JSON.stringify({ token: login.token, record: login.record }))}`;
}
