import { describe, expect, it } from "vitest";
import {
  DEFAULT_RATE_LIMIT_RULES,
  findRateLimitRule,
  RATE_LIMIT_LABEL_PATTERN,
  type RateLimitRule,
} from "./rules.ts";
import { parseRateLimitSettings } from "./settings-schema.ts";

const rule = (label: string, audience: RateLimitRule["audience"] = "", max = 1): RateLimitRule => ({
  label,
  audience,
  duration: 1,
  maxRequests: max,
});

/** Labels of an auth-with-password request on `users`, as the middleware builds them. */
const AUTH_LABELS = [
  "users:authWithPassword",
  "users:auth",
  "*:authWithPassword",
  "*:auth",
  "POST /api/collections/users/auth-with-password",
  "/api/collections/users/auth-with-password",
];

describe("findRateLimitRule", () => {
  it.each<[string, RateLimitRule[], readonly string[], boolean, string | undefined]>([
    ["the *:auth tag of the defaults", [...DEFAULT_RATE_LIMIT_RULES], AUTH_LABELS, false, "*:auth"],
    [
      "a collection rule over the wildcard",
      [rule("*:auth"), rule("users:authWithPassword")],
      AUTH_LABELS,
      false,
      "users:authWithPassword",
    ],
    [
      "an action over its tag",
      [rule("*:auth"), rule("*:authWithPassword")],
      AUTH_LABELS,
      false,
      "*:authWithPassword",
    ],
    [
      "an exact path over a prefix",
      [rule("/api/"), rule("/api/batch")],
      ["POST /api/batch", "/api/batch"],
      false,
      "/api/batch",
    ],
    [
      "a method and path over the path",
      [rule("/api/batch"), rule("POST /api/batch")],
      ["POST /api/batch", "/api/batch"],
      false,
      "POST /api/batch",
    ],
    [
      "the longest prefix",
      [rule("/api/"), rule("/api/collections/")],
      ["GET /api/collections/posts/records", "/api/collections/posts/records"],
      false,
      "/api/collections/",
    ],
    [
      "a method prefix",
      [rule("/"), rule("POST /api/")],
      ["POST /api/x", "/api/x"],
      false,
      "POST /api/",
    ],
    ["no rule for pages", [...DEFAULT_RATE_LIMIT_RULES], ["GET /blog", "/blog"], false, undefined],
    ["a prefix is a whole segment", [rule("/api/")], ["GET /apix", "/apix"], false, undefined],
    ["the /api root itself", [rule("/api/")], ["GET /api", "/api"], false, "/api/"],
  ])("%s", (_name, rules, labels, authenticated, expected) => {
    expect(findRateLimitRule(rules, labels, authenticated)?.label).toBe(expected);
  });

  it("picks a rule of the request's own audience over one for everyone", () => {
    const rules = [rule("*:auth", "", 1), rule("*:auth", "@guest", 2), rule("*:auth", "@auth", 3)];
    expect(findRateLimitRule(rules, AUTH_LABELS, false)?.maxRequests).toBe(2);
    expect(findRateLimitRule(rules, AUTH_LABELS, true)?.maxRequests).toBe(3);
  });

  it("skips rules of the other audience", () => {
    expect(findRateLimitRule([rule("*:auth", "@auth")], AUTH_LABELS, false)).toBeUndefined();
    expect(findRateLimitRule([rule("*:auth", "@guest")], AUTH_LABELS, true)).toBeUndefined();
    expect(
      findRateLimitRule([rule("*:auth", "@auth"), rule("/api/")], AUTH_LABELS, false)?.label,
    ).toBe("/api/");
  });

  it("accepts PocketBase's label forms only", () => {
    for (const label of [
      "test_a",
      "users:create",
      "*:create",
      "/",
      "/api",
      "POST /api/collections/",
    ])
      expect(label).toMatch(RATE_LIMIT_LABEL_PATTERN);
    for (const label of ["", "users:", "* :auth", "/api?x", "POST  /api", "a b"])
      expect(label).not.toMatch(RATE_LIMIT_LABEL_PATTERN);
  });
});

describe("parseRateLimitSettings", () => {
  it("turns limits on by default and off on request", () => {
    expect(parseRateLimitSettings("")).toMatchObject({ settings: { enabled: true } });
    expect(parseRateLimitSettings(" On ")).toMatchObject({ settings: { enabled: true } });
    expect(parseRateLimitSettings("off")).toMatchObject({ settings: { enabled: false } });
  });

  it("reads a rule list or a settings object", () => {
    const list = parseRateLimitSettings('[{"label":"*:auth","duration":60,"maxRequests":5}]');
    expect(list).toMatchObject({
      settings: { enabled: true, rules: [{ label: "*:auth", audience: "", duration: 60 }] },
    });
    const object = parseRateLimitSettings(
      '{"accounts":[{"action":"authWithPassword","duration":60,"maxRequests":3}]}',
    );
    expect(object).toMatchObject({
      settings: {
        enabled: true,
        rules: DEFAULT_RATE_LIMIT_RULES,
        accounts: [{ action: "authWithPassword", duration: 60, maxRequests: 3 }],
      },
    });
  });

  it.each([
    ["nope", "must be on, off"],
    ["{", "must be on, off"],
    ['"x"', "must be on, off"],
    ['[{"label":"bad label","duration":1,"maxRequests":1}]', "label must be"],
    ['[{"label":"*:auth","duration":0,"maxRequests":1}]', "duration must be at least 1"],
    ['[{"label":"*:auth","duration":1,"maxRequests":1.5}]', "maxRequests must be an integer"],
    ['[{"label":"*:auth","audience":"@admin","duration":1,"maxRequests":1}]', "audience must be"],
    ['[{"label":"*:auth","duration":1,"maxRequests":1,"x":1}]', "rules.0"],
    [
      '[{"label":"*:auth","duration":1,"maxRequests":1},{"label":"*:auth","duration":2,"maxRequests":2}]',
      "same label and audience",
    ],
    ['{"accounts":[{"action":"deleteAll","duration":1,"maxRequests":1}]}', "action must be one of"],
    ['{"enabled":"yes"}', "enabled must be true or false"],
  ])("rejects %s", (text, message) => {
    const parsed = parseRateLimitSettings(text);
    expect("error" in parsed && parsed.error).toContain(message);
  });
});
