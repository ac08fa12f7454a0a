import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobPage, JobView } from "#server/core/jobs/job-admin.ts";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Account = { record: Record<string, unknown>; token: string };

describe.each(DIALECTS)("jobs API (%s)", (dialect) => {
  let app: TestApp;
  let user: Account;
  let admin: Account;
  let root: Account;
  let failedId: string;
  let queuedId: string;

  async function call(method: "GET" | "POST" | "DELETE", url: string, token = root.token) {
    return app.http.inject({ method, url, headers: { authorization: token } });
  }

  async function list(query = ""): Promise<JobPage> {
    const res = await call("GET", `/api/jobs${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JobPage>();
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    user = await app.createUser({ username: "reader" });
    admin = await app.createUser({ username: "boss", role: "admin" });
    root = await app.createSuperuser();
    app.jobs.define({
      kind: "test.refused",
      maxAttempts: 1,
      run: () => Promise.reject(new Error("The mail server said no")),
    });
    app.jobs.define({ kind: "test.later", run: () => Promise.resolve() });
    failedId = (await app.jobs.enqueue("test.refused", { to: "ada@example.com" })).id;
    queuedId = (
      await app.jobs.enqueue("test.later", {}, { runAt: new Date(Date.now() + 86_400_000) })
    ).id;
    await app.jobs.drain();
  });
  afterAll(async () => {
    await app.close();
  });

  it("is for superusers only", async () => {
    for (const [method, url] of [
      ["GET", "/api/jobs"],
      ["GET", `/api/jobs/${failedId}`],
      ["POST", `/api/jobs/${failedId}/retry`],
      ["DELETE", `/api/jobs/${failedId}`],
    ] as const) {
      await runScenario(app, {
        name: `guest ${method} ${url}`,
        method,
        url,
        expectedStatus: 401,
        expectedContent: ["The request requires valid record authorization token."],
      });
      for (const [who, account] of [
        ["user", user],
        ["admin", admin],
      ] as const) {
        await runScenario(app, {
          name: `${who} ${method} ${url}`,
          method,
          url,
          token: account.token,
          expectedStatus: 403,
          expectedContent: ["The authorized record is not allowed to perform this action."],
        });
      }
    }
    // Nothing was retried or discarded by those attempts.
    expect((await list("?state=failed")).items.map((job) => job.id)).toEqual([failedId]);
  });

  it("lists jobs with the counts of every state, and a failed job with its error", async () => {
    const all = await list();
    expect(all.counts.failed).toBe(1);
    expect(all.counts.queued).toBeGreaterThanOrEqual(1);
    expect(all).toMatchObject({ page: 1, perPage: 30 });
    expect(all.totalItems).toBe(all.items.length);
    const failed = await list("?state=failed");
    expect(failed.totalItems).toBe(1);
    expect(failed.items[0]).toMatchObject({
      id: failedId,
      kind: "test.refused",
      payload: { to: "ada@example.com" },
      state: "failed",
      attempts: 1,
      maxAttempts: 1,
      lastError: "The mail server said no",
      key: "",
    });
    const view = await call("GET", `/api/jobs/${failedId}`);
    expect(view.json<JobView>()).toEqual(failed.items[0]);
    // Paging: one per page.
    const first = await list("?perPage=1&page=1");
    expect(first.items).toHaveLength(1);
    expect(first.totalPages).toBe(first.totalItems);
  });

  it("answers 400 for a state, page or perPage it does not know, and 404 for an unknown job", async () => {
    for (const [query, field] of [
      ["?state=exploded", "state"],
      ["?page=0", "page"],
      ["?perPage=abc", "perPage"],
      ["?page=1.5", "page"],
    ] as const) {
      const res = await call("GET", `/api/jobs${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<{ status: number; message: string; data: Record<string, unknown> }>();
      expect(body.status).toBe(400);
      expect(Object.keys(body.data)).toEqual([field]);
    }
    for (const [method, url] of [
      ["GET", "/api/jobs/no-such-job"],
      ["POST", "/api/jobs/no-such-job/retry"],
      ["DELETE", "/api/jobs/no-such-job"],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("retries and discards failed jobs only", async () => {
    for (const method of ["POST", "DELETE"] as const) {
      const url = method === "POST" ? `/api/jobs/${queuedId}/retry` : `/api/jobs/${queuedId}`;
      const res = await call(method, url);
      expect(res.statusCode, method).toBe(400);
      expect(res.json<{ data: Record<string, unknown> }>().data).toHaveProperty("state");
    }
    const retried = await call("POST", `/api/jobs/${failedId}/retry`);
    expect(retried.statusCode).toBe(204);
    expect((await call("GET", `/api/jobs/${failedId}`)).json<JobView>()).toMatchObject({
      state: "queued",
      attempts: 0,
    });
    // It runs again (and fails again: the mail server still says no).
    await app.jobs.drain();
    expect((await call("GET", `/api/jobs/${failedId}`)).json<JobView>().state).toBe("failed");
    const discarded = await call("DELETE", `/api/jobs/${failedId}`);
    expect(discarded.statusCode).toBe(204);
    expect((await call("GET", `/api/jobs/${failedId}`)).statusCode).toBe(404);
    expect((await list()).counts.failed).toBe(0);
  });
});
