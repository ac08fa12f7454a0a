/**
 * `users.theme` (ADR 051): the owner sets `""`, `light` or `dark` and reads it back; nobody
 * else changes it (not another user, not an admin, not a guest); anything else is a 400 with
 * the field's code. A superuser, who bypasses the rules, may (as for every field).
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "tess" | "uma" | "adam" | "superuser";

const NOT_FOUND = {
  expectedStatus: 404,
  expectedContent: ['"data":{}', "The requested resource wasn't found."],
};
const UPDATE_FAILED = '"message":"Failed to update record."';
const SECRETS = ['"password"', '"tokenKey"'];

describe.each(DIALECTS)("users.theme (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { check } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const accounts = {
      tess: await app.createUser({ username: "tess" }),
      uma: await app.createUser({ username: "uma" }),
      adam: await app.createUser({ username: "adam", role: "admin" }),
      superuser: await app.createSuperuser(),
    };
    for (const [who, account] of Object.entries(accounts)) {
      tokens[who as Who] = account.token;
      ids[who] = String(account.record.id);
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const tess = "/api/collections/users/records/$tess";
  const invalid = (value: unknown): TableScenario<Who> => ({
    name: `the owner cannot set ${JSON.stringify(value)}`,
    as: "tess",
    method: "PATCH",
    url: tess,
    body: { theme: value },
    expectedStatus: 400,
    expectedContent: [UPDATE_FAILED, '"theme":{"code":"validation_invalid_value"'],
  });

  it.each<TableScenario<Who>>([
    {
      name: "a new account follows the system",
      as: "tess",
      method: "GET",
      url: tess,
      expectedStatus: 200,
      expectedContent: ['"theme":""'],
      notExpectedContent: SECRETS,
    },
    {
      name: "the owner chooses dark",
      as: "tess",
      method: "PATCH",
      url: tess,
      body: { theme: "dark" },
      expectedStatus: 200,
      expectedContent: ['"theme":"dark"'],
      notExpectedContent: SECRETS,
    },
    {
      name: "and reads it back",
      as: "tess",
      method: "GET",
      url: tess,
      expectedStatus: 200,
      expectedContent: ['"theme":"dark"'],
    },
    invalid("sepia"),
    invalid(1),
    invalid("DARK"),
    {
      name: "a guest cannot set it",
      as: "guest",
      method: "PATCH",
      url: tess,
      body: { theme: "light" },
      ...NOT_FOUND,
    },
    {
      name: "another user cannot set it",
      as: "uma",
      method: "PATCH",
      url: tess,
      body: { theme: "light" },
      ...NOT_FOUND,
    },
    {
      name: "an admin cannot set it",
      as: "adam",
      method: "PATCH",
      url: tess,
      body: { theme: "light" },
      ...NOT_FOUND,
    },
    {
      name: "nor alongside a role change",
      as: "adam",
      method: "PATCH",
      url: tess,
      body: { role: "writer", theme: "light" },
      ...NOT_FOUND,
    },
    {
      name: "the refused writes changed nothing",
      as: "tess",
      method: "GET",
      url: tess,
      expectedStatus: 200,
      expectedContent: ['"theme":"dark"', '"role":""'],
    },
    {
      name: "the owner goes back to the system's theme",
      as: "tess",
      method: "PATCH",
      url: tess,
      body: { theme: "" },
      expectedStatus: 200,
      expectedContent: ['"theme":""'],
    },
    {
      name: "a superuser may set it",
      as: "superuser",
      method: "PATCH",
      url: tess,
      body: { theme: "light" },
      expectedStatus: 200,
      expectedContent: ['"theme":"light"'],
      notExpectedContent: SECRETS,
    },
    {
      name: "a new account may choose one when signing up",
      as: "guest",
      method: "POST",
      url: "/api/collections/users/records",
      body: {
        email: "vera@example.com",
        username: "vera",
        password: "password123",
        passwordConfirm: "password123",
        theme: "dark",
      },
      expectedStatus: 200,
      expectedContent: ['"theme":"dark"'],
      notExpectedContent: SECRETS,
    },
  ])("$name", async (row) => {
    await check(row);
  });
});
