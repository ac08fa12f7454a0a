import { describe, expect, it } from "vitest";
import { Lifecycle } from "./lifecycle.ts";

describe("the application's lifecycle", () => {
  it("starts parts in order and closes them in reverse, once", async () => {
    const seen: string[] = [];
    const lifecycle = new Lifecycle();
    for (const name of ["database", "queue", "http"])
      lifecycle.add(name, {
        name,
        start: () => void seen.push(`start ${name}`),
        close: () => void seen.push(`close ${name}`),
      });
    await lifecycle.start();
    await Promise.all([lifecycle.close(), lifecycle.close()]);
    await lifecycle.close();
    expect(seen).toEqual([
      "start database",
      "start queue",
      "start http",
      "close http",
      "close queue",
      "close database",
    ]);
  });

  it("starts only the parts not started yet, and refuses a part once closing", async () => {
    const seen: string[] = [];
    const lifecycle = new Lifecycle();
    const db = lifecycle.add(
      { open: true },
      {
        name: "database",
        start: () => void seen.push("start database"),
        close: () => void seen.push("close database"),
      },
    );
    await lifecycle.start();
    lifecycle.add(null, { name: "cache", start: () => void seen.push("start cache") });
    await lifecycle.start();
    expect(db.open).toBe(true);
    await lifecycle.close();
    expect(seen).toEqual(["start database", "start cache", "close database"]);
    expect(() => lifecycle.add(1, { name: "late" })).toThrow(/closing/);
  });

  it("reports a part that fails to close and still closes the others", async () => {
    const reports: string[] = [];
    const closed: string[] = [];
    const lifecycle = new Lifecycle((error, part) => {
      reports.push(`${part}: ${(error as Error).message}`);
    });
    lifecycle.add(1, { name: "database", close: () => void closed.push("database") });
    lifecycle.add(2, {
      name: "mailer",
      close: () => Promise.reject(new Error("socket hang up")),
    });
    lifecycle.add(3, { name: "http", close: () => void closed.push("http") });
    await lifecycle.close();
    expect(closed).toEqual(["http", "database"]);
    expect(reports).toEqual(["mailer: socket hang up"]);
    expect(lifecycle.names()).toEqual(["database", "mailer", "http"]);
  });
});
