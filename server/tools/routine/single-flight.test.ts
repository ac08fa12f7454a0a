import { describe, expect, it } from "vitest";
import { singleFlight } from "./single-flight.ts";

describe("singleFlight", () => {
  it("shares one run among the callers that arrive while it runs", async () => {
    let runs = 0;
    let finish: (value: string) => void = () => undefined;
    const probe = singleFlight(() => {
      runs += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    });
    const first = probe();
    const second = probe();
    finish("ok");
    expect(await Promise.all([first, second])).toEqual(["ok", "ok"]);
    expect(runs).toBe(1);
  });

  it("runs again for a caller after the run settled, failed runs included", async () => {
    let runs = 0;
    const probe = singleFlight(() => {
      runs += 1;
      return runs === 1 ? Promise.reject(new Error("first")) : Promise.resolve(runs);
    });
    await expect(probe()).rejects.toThrow("first");
    expect(await probe()).toBe(2);
    expect(await probe()).toBe(3);
  });
});
