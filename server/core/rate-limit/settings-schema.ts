/**
 * Validation of rate-limit settings as operators write them (`RATE_LIMITS`, README "Rate
 * limits"): `on` (the default), `off`, a JSON array of PocketBase rules, or a JSON object
 * `{"enabled", "rules", "accounts"}` (`rules` in PocketBase's `settings.rateLimits.rules`
 * shape; omitted parts keep their defaults).
 */
import { z } from "zod";
import {
  ACCOUNT_ACTIONS,
  DEFAULT_ACCOUNT_LIMITS,
  DEFAULT_RATE_LIMIT_RULES,
  RATE_LIMIT_LABEL_PATTERN,
  type RateLimitSettings,
} from "./rules.ts";

const count = (what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .int(`${what} must be an integer`)
    .min(1, `${what} must be at least 1`);

/** One PocketBase rule: `{label, audience?, duration, maxRequests}`. */
export const RateLimitRuleSchema = z.strictObject({
  label: z
    .string({ message: "label must be a string" })
    .regex(
      RATE_LIMIT_LABEL_PATTERN,
      "label must be a tag, name:action, *:action, /path or METHOD /path",
    ),
  audience: z
    .enum(["", "@guest", "@auth"], { message: 'audience must be "", "@guest" or "@auth"' })
    .default(""),
  duration: count("duration"),
  maxRequests: count("maxRequests"),
});

/** One per-account limit: `{action, duration, maxRequests}`. */
export const AccountLimitSchema = z.strictObject({
  action: z.enum(ACCOUNT_ACTIONS, {
    message: `action must be one of ${ACCOUNT_ACTIONS.join(", ")}`,
  }),
  duration: count("duration"),
  maxRequests: count("maxRequests"),
});

const RulesSchema = z
  .array(RateLimitRuleSchema, { message: "rules must be an array" })
  .refine((rules) => new Set(rules.map((r) => `${r.label}@@${r.audience}`)).size === rules.length, {
    message: "two rules have the same label and audience",
  });

const AccountsSchema = z
  .array(AccountLimitSchema, { message: "accounts must be an array" })
  .refine((limits) => new Set(limits.map((l) => l.action)).size === limits.length, {
    message: "two account limits have the same action",
  });

/** The object form of rate-limit settings (also what the settings API accepts). */
export const RateLimitSettingsSchema = z.strictObject(
  {
    enabled: z.boolean({ message: "enabled must be true or false" }).default(true),
    rules: RulesSchema.default([...DEFAULT_RATE_LIMIT_RULES]),
    accounts: AccountsSchema.default([...DEFAULT_ACCOUNT_LIMITS]),
  },
  { message: "must be on, off, a JSON array of rules or a JSON object {enabled, rules, accounts}" },
);

/** Parses a `RATE_LIMITS` value; the error names the first problem. */
export function parseRateLimitSettings(
  text: string,
): { settings: RateLimitSettings } | { error: string } {
  const value = text.trim();
  if (value === "" || value.toLowerCase() === "on") {
    return {
      settings: {
        enabled: true,
        rules: DEFAULT_RATE_LIMIT_RULES,
        accounts: DEFAULT_ACCOUNT_LIMITS,
      },
    };
  }
  if (value.toLowerCase() === "off") {
    return {
      settings: {
        enabled: false,
        rules: DEFAULT_RATE_LIMIT_RULES,
        accounts: DEFAULT_ACCOUNT_LIMITS,
      },
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return {
      error: "must be on, off, a JSON array of rules or a JSON object {enabled, rules, accounts}",
    };
  }
  const parsed = RateLimitSettingsSchema.safeParse(Array.isArray(json) ? { rules: json } : json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join(".")})` : "";
    return { error: `${issue?.message ?? "is invalid"}${where}` };
  }
  return { settings: parsed.data };
}
