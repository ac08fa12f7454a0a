/**
 * The site's identity in the settings (`meta`, ADR 069; superusers): its texts, accent and
 * custom sheet are saved with `PATCH /api/settings`; its icon and social image are uploaded to
 * `/api/settings/icon` and `/api/settings/social-image` (and removed with `DELETE`).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { Localized } from "#shared/site/site-files.ts";
import type { LocalizedNavigation } from "#shared/site/navigation.ts";
import type { SystemSettings } from "./system-types.ts";

/** The identity part of `meta` as the API shows it. */
export interface SiteIdentitySettings {
  description: Localized;
  footer: Localized;
  accentColor: string;
  customCss: string;
  /** The uploaded icon's version; `""`: Cahier's. */
  icon: string;
  /** The social image's version; `""`: none. */
  socialImage: string;
  /** The header's own links per language (ADR 075). */
  navigation: LocalizedNavigation;
}

/** The images one uploads, by their field. */
export type SiteImageKind = "icon" | "socialImage";

const IMAGE_PATHS: Record<SiteImageKind, string> = {
  icon: "/api/settings/icon",
  socialImage: "/api/settings/social-image",
};

/** Saves part of the identity (`PATCH /api/settings` under `meta`); answers the settings. */
export function saveSiteIdentity(
  api: ApiClient,
  meta: Partial<Omit<SiteIdentitySettings, "icon" | "socialImage">>,
): Promise<SystemSettings> {
  return sdk(api).send<SystemSettings>("/api/settings", { method: "PATCH", body: { meta } });
}

/** Uploads the icon or the social image; answers the settings. */
export function uploadSiteImage(
  api: ApiClient,
  kind: SiteImageKind,
  file: File,
): Promise<SystemSettings> {
  const body = new FormData();
  body.append(kind, file);
  return sdk(api).send<SystemSettings>(IMAGE_PATHS[kind], { method: "POST", body });
}

/** Goes back to Cahier's icon, or to no social image; answers the settings. */
export function removeSiteImage(api: ApiClient, kind: SiteImageKind): Promise<SystemSettings> {
  return sdk(api).send<SystemSettings>(IMAGE_PATHS[kind], { method: "DELETE" });
}
