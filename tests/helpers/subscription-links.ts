/**
 * Signed subscription links for tests (ADR 065): tokens made with the test app's own
 * subscription secret, as its mails carry them, for a purpose, an address and targets; an
 * `ageMs` moves the signing clock back, so a token can be expired.
 *
 * @example
 * const token = await subscriptionToken(app, "manage", "ada@example.com");
 * const page = await app.http.inject({ url: `/subscriptions/manage?token=${token}` });
 */
import { readParam } from "#server/data/repositories/params-repository.ts";
import {
  SubscriptionTokens,
  type TokenPurpose,
} from "#server/core/subscriptions/subscription-tokens.ts";
import type { TestApp } from "./test-app.ts";

/** Where the subscriptions module keeps its secret (`_params`). */
const SECRET_PARAM = "subscriptionsSecret";

/** A token of `purpose` for `email` and `targets`, signed `ageMs` ago (0: now). */
export async function subscriptionToken(
  app: TestApp,
  purpose: TokenPurpose,
  email: string,
  targets: readonly string[] = [],
  ageMs = 0,
): Promise<string> {
  const secret = await readParam(app.db.kysely, SECRET_PARAM);
  if (!secret) throw new Error("the subscriptions module made no secret");
  return new SubscriptionTokens(secret, () => Date.now() - ageMs).issue(purpose, email, targets);
}
