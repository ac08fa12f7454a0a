/**
 * What became of the last subscribe form a visitor sent, carried by the action's redirect in
 * the page's address (`?subscribe=check#subscribe`), so a reader without JavaScript reads it
 * too, and what a refused form renders again.
 */

/** The outcomes the form words: a mail to confirm was sent, or the subscription is on. */
export const SUBSCRIBE_OUTCOMES = ["check", "done"] as const;

/** One of {@link SUBSCRIBE_OUTCOMES}. */
export type SubscribeOutcome = (typeof SUBSCRIBE_OUTCOMES)[number];

/** The query parameter the outcome travels in. */
export const SUBSCRIBE_PARAM = "subscribe";

/** The id of the subscribe form's section: the anchor redirects and links point at. */
export const SUBSCRIBE_ANCHOR = "subscribe";

/** The `intent` of the subscribe form (a page's action may answer other forms too). */
export const SUBSCRIBE_INTENT = "subscribe";

/** The outcome an address names, or null. */
export function subscribeOutcome(search: string): SubscribeOutcome | null {
  const value = new URLSearchParams(search).get(SUBSCRIBE_PARAM);
  return SUBSCRIBE_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

/** What a refused subscribe form renders again. */
export interface SubscribeRefusal {
  /** A message for the whole form. */
  message: string;
  /** The address field's message, if the address was refused. */
  emailError: string;
  /** What the visitor typed. */
  email: string;
}

/** The action's answer to a refused subscribe form. */
export interface SubscribeActionData {
  subscribe: SubscribeRefusal;
}

/** Whether an action's answer is a refused subscribe form's (the page may have others). */
export function isSubscribeActionData(value: unknown): value is SubscribeActionData {
  if (!value || typeof value !== "object" || !("subscribe" in value)) return false;
  const refusal = value.subscribe;
  return !!refusal && typeof refusal === "object" && "message" in refusal;
}
