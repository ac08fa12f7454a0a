import { describe, expect, it } from "vitest";
import {
  buildLogFilter,
  containsPattern,
  parseLogQuery,
  quoteFilterText,
  type LogQuery,
} from "./log-filter.ts";

const none: LogQuery = {
  status: "",
  method: "",
  url: "",
  from: "",
  to: "",
  sort: "-created",
  page: 1,
};

describe("log filters", () => {
  it("reads known values and ignores the rest", () => {
    expect(
      parseLogQuery(
        new URLSearchParams(
          "status=4xx&method=POST&url=%20/api/x%20&from=2026-01-31&to=2026-02-01&sort=created&page=3",
        ),
      ),
    ).toEqual({
      status: "4xx",
      method: "POST",
      url: "/api/x",
      from: "2026-01-31",
      to: "2026-02-01",
      sort: "created",
      page: 3,
    });
    expect(
      parseLogQuery(
        new URLSearchParams(
          "status=6xx&method=get&from=2026-02-30&to=yesterday&sort=id%3D1&page=-2",
        ),
      ),
    ).toEqual(none);
    expect(parseLogQuery(new URLSearchParams(`url=${"a".repeat(300)}`)).url).toHaveLength(200);
  });

  it("builds an expression from the set filters", () => {
    expect(buildLogFilter(none)).toBe("");
    expect(
      buildLogFilter({
        ...none,
        status: "5xx",
        method: "DELETE",
        from: "2026-12-31",
        to: "2026-12-31",
      }),
    ).toBe(
      '(data.status >= 500 && data.status < 600) && (data.method = "DELETE") && ' +
        '(created >= "2026-12-31 00:00:00.000Z") && (created < "2027-01-01 00:00:00.000Z")',
    );
  });

  it("quotes and escapes the free text so it stays one literal", () => {
    expect(quoteFilterText('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(buildLogFilter({ ...none, url: '" || id != "' })).toBe(
      '(data.url ~ "%\\" || id != \\"%")',
    );
  });
});
