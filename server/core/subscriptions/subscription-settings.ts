/**
 * The `subscriptions` part of the instance settings (`/api/settings`, ADR 065): how fast
 * the server mails subscribers, so a small machine or a strict SMTP relay is never flooded.
 */
import { z } from "zod";

/** Subscription mail settings. */
export interface SubscriptionSettings {
  /** Messages sent per minute at most, over every post being mailed (the operator's relay limit). */
  ratePerMinute: number;
  /** Recipients handled by one queue job (a crash repeats at most the message in flight). */
  batchSize: number;
}

/** 600 messages a minute, 100 per job. */
export const DEFAULT_SUBSCRIPTION_SETTINGS: SubscriptionSettings = {
  ratePerMinute: 600,
  batchSize: 100,
};

/** What `PATCH /api/settings` accepts under `subscriptions` (unknown keys refused). */
export const SubscriptionSettingsPatchSchema = z.strictObject({
  ratePerMinute: z.number().int().min(1).max(1_000_000).optional(),
  batchSize: z.number().int().min(1).max(10_000).optional(),
});
