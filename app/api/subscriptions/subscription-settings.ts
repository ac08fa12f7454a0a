/**
 * The subscription mail settings of the instance (`subscriptions` of `/api/settings`,
 * superusers only, ADR 065): how many messages a minute the server sends to subscribers at
 * most, and how many recipients one queue job handles.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** The `subscriptions` part of the settings. */
export interface SubscriptionMailSettings {
  /** Messages sent per minute at most, over every post being mailed. */
  ratePerMinute: number;
  /** Recipients handled by one queue job. */
  batchSize: number;
}

/** The server's defaults, shown until the settings say otherwise. */
export const DEFAULT_SUBSCRIPTION_MAIL_SETTINGS: SubscriptionMailSettings = {
  ratePerMinute: 600,
  batchSize: 100,
};

/**
 * Saves the subscription mail settings (`PATCH /api/settings`, only this part); answers them
 * as stored. Values are sent as typed: the API refuses what is not a whole number in range,
 * keyed `subscriptions.ratePerMinute` or `subscriptions.batchSize`.
 */
export async function saveSubscriptionSettings(
  api: ApiClient,
  values: Record<keyof SubscriptionMailSettings, number | string>,
): Promise<SubscriptionMailSettings> {
  const saved = await sdk(api).send<{ subscriptions?: SubscriptionMailSettings }>("/api/settings", {
    method: "PATCH",
    body: { subscriptions: values },
  });
  return saved.subscriptions ?? DEFAULT_SUBSCRIPTION_MAIL_SETTINGS;
}
