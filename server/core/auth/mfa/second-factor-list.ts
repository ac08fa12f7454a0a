/**
 * The second factors the server offers, one line each, keyed by their names in
 * `shared/auth/second-factors.ts` (the compiler asks for a line for each name there). Their
 * routes, the second step of a sign-in, the clean-up of an account and the keys' reload all
 * follow from this list (ADR 066).
 */
import { SECOND_FACTORS, type SecondFactorMethod } from "#shared/auth/second-factors.ts";
import { totpFactor } from "../totp/totp-factor.ts";
import type { SecondFactor, SecondFactorKit, SecondFactorPlugin } from "./second-factor.ts";

/** Each second factor's plug-in. */
export const SECOND_FACTOR_PLUGINS: Readonly<Record<SecondFactorMethod, SecondFactorPlugin>> = {
  totp: totpFactor,
};

/** Makes every second factor, in the shared list's order. */
export async function makeSecondFactors(kit: SecondFactorKit): Promise<SecondFactor[]> {
  const factors: SecondFactor[] = [];
  for (const { method } of SECOND_FACTORS) factors.push(await SECOND_FACTOR_PLUGINS[method](kit));
  return factors;
}
