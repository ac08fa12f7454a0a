/**
 * The instance settings (`/api/settings`, superusers only, ADR 023): read them (secrets
 * arrive blanked), save a change, and send a test email.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { SystemSettings } from "./system-types.ts";

/** The settings as the API shows them to superusers. */
export function readSettings(api: ApiClient): Promise<SystemSettings> {
  return sdk(api).send<SystemSettings>("/api/settings", { method: "GET" });
}

/** Saves a change of the settings (`PATCH`); answers them as stored. */
export function saveSettings(
  api: ApiClient,
  body: Record<string, unknown>,
): Promise<SystemSettings> {
  return sdk(api).send<SystemSettings>("/api/settings", { method: "PATCH", body });
}

/** Sends a test email of the verification template to `email`. */
export async function sendTestEmail(api: ApiClient, email: string): Promise<void> {
  await sdk(api).send("/api/settings/test/email", {
    method: "POST",
    body: { email, template: "verification" },
  });
}
