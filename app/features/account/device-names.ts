/**
 * How the devices list reads the API's device records (ADR 053): the English name the server
 * made from the user agent ("Firefox on Windows") in the interface language, and which device
 * the browser's own token was issued to (its `device` claim).
 */
import { tokenClaims } from "../../api/auth/tokens.ts";
import type { AppT } from "../../lib/i18n/i18n.ts";

/** What the server names a device it cannot tell anything about. */
const UNKNOWN_DEVICE = "Unknown device";

/** A device's name in the interface language. */
export function localDeviceName(name: string, t: AppT): string {
  if (!name || name === UNKNOWN_DEVICE) return t("devices:list.unknown");
  const at = name.lastIndexOf(" on ");
  if (at <= 0) return name;
  return t("devices:list.nameOn", { browser: name.slice(0, at), system: name.slice(at + 4) });
}

/** The device id of an auth token, "" for a token of no device (or none). */
export function tokenDevice(token: string): string {
  if (!token) return "";
  const device = tokenClaims(token).device;
  return typeof device === "string" ? device : "";
}
