import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findWrk, parseWrkOutput, runWrk, wrkScript } from "./wrk.ts";

describe("wrk's script and output", () => {
  it("quotes headers and bodies as Lua strings and builds a body per request only for ids", () => {
    const fixed = wrkScript(
      { url: "", method: "POST", path: "/", headers: { "x-say": 'a "b"\n' }, body: "{}" },
      false,
    );
    expect(fixed).toContain('wrk.headers = { ["x-say"] = "a \\"b\\"\\n" }');
    expect(fixed).not.toContain("function request()");
    expect(fixed).not.toContain("function response(");
    const perRequest = wrkScript(
      { url: "", method: "POST", path: "/", headers: {}, body: '{"id":"[<id>]"}' },
      true,
    );
    expect(perRequest).toContain("function request()");
    expect(perRequest).toContain("function response(status)");
  });

  it("reads the result line and leaves status counts out unless asked", () => {
    const out =
      "Running 1s test\nWRK_JSON " +
      '{"requests":10,"duration":2000000,"bytes":500,"p50":1500,"p99":9000,"errors":1,"timeouts":2,"status":3,"codes":{"200":7,"503":3}}\n';
    expect(parseWrkOutput(out, false)).toEqual({
      requests: 10,
      durationSeconds: 2,
      bytes: 500,
      p50: 1.5,
      p99: 9,
      errors: 1,
      timeouts: 2,
      errorStatuses: 3,
    });
    expect(parseWrkOutput(out, true).statusCodes).toEqual({ "200": 7, "503": 3 });
    expect(() => parseWrkOutput("wrk: bad url\n", false)).toThrow(/no result/);
  });
});

describe("wrk against a real server", () => {
  const wrk = findWrk();
  let server: http.Server;
  let url = "";
  const seen = { ids: new Set<string>(), header: "" };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        seen.header = String(request.headers["x-bench"]);
        const id = /"id":"([a-z0-9]{15})"/.exec(body)?.[1];
        if (id) seen.ids.add(id);
        response.writeHead(request.url === "/busy" ? 503 : 200).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("is installed (the CI installs Debian's wrk package for the bench)", () => {
    expect(wrk).toBeDefined();
  });

  it("sends the headers and a fresh id per request, and counts answers per status", async () => {
    const options = { connections: 2, seconds: 1, timeoutSeconds: 5 };
    const target = { url, method: "POST", headers: { "x-bench": "yes" } };
    const posted = await runWrk(
      wrk ?? "wrk",
      { ...target, path: "/", body: '{"id":"[<id>]"}' },
      options,
      true,
    );
    expect(posted.requests).toBeGreaterThan(10);
    expect(posted.statusCodes).toEqual({ "200": posted.requests });
    expect(seen.header).toBe("yes");
    expect(seen.ids.size).toBeGreaterThan(posted.requests / 2);
    const busy = await runWrk(wrk ?? "wrk", { ...target, path: "/busy" }, options, false);
    expect(busy.errorStatuses).toBe(busy.requests);
    expect(busy.statusCodes).toBeUndefined();
  });
});
