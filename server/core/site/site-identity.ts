/**
 * The site's identity in the instance settings (`meta`, ADR 069): besides its name and mail
 * sender, a description and a footer line per language, an accent colour that must meet WCAG AA
 * in the light theme (the dark theme derives its own shade), a custom style sheet, and the
 * versions of the uploaded icon and social image (set by their upload endpoints, read-only in
 * `PATCH /api/settings`), and the header's own links (`navigation`, ADR 075).
 */
import { z } from "zod";
import { createHash } from "node:crypto";
import { AA_RATIO, judgeAccent, roundRatio } from "../../../shared/site/contrast.ts";
import type { Localized, PageIdentity } from "../../../shared/site/site-files.ts";
import { fieldError, type FieldErrors } from "../errors.ts";
import { emptyNavigation, type LocalizedNavigation } from "../../../shared/site/navigation.ts";
import { checkCustomCss, MAX_CUSTOM_CSS_BYTES } from "./custom-css.ts";
import { checkNavigation } from "./navigation.ts";

export type { Localized, PageIdentity };

/** The identity part of `meta`. */
export interface SiteIdentity {
  description: Localized;
  footer: Localized;
  /** `#rrggbb`, or `""` for Cahier's own amber. */
  accentColor: string;
  customCss: string;
  /** The uploaded icon's version (a hash of its bytes); `""`: Cahier's icon. */
  icon: string;
  /** The uploaded social image's version; `""`: none. */
  socialImage: string;
  /** The header's own links per language (ADR 075). */
  navigation: LocalizedNavigation;
}

/** The stored `meta` settings. */
export interface MetaSettings extends SiteIdentity {
  appName: string;
  senderName: string;
  senderAddress: string;
}

/** Longest description per language (characters). */
export const MAX_DESCRIPTION_LENGTH = 300;
/** Longest footer line per language (characters). */
export const MAX_FOOTER_LENGTH = 200;

/** No description, no footer line, Cahier's colours, icon and no custom sheet. */
export function defaultIdentity(): SiteIdentity {
  return {
    description: { en: "", fr: "" },
    footer: { en: "", fr: "" },
    accentColor: "",
    customCss: "",
    icon: "",
    socialImage: "",
    navigation: emptyNavigation(),
  };
}

const localized = (max: number) =>
  z
    .strictObject({
      en: z.string().trim().max(max).optional(),
      fr: z.string().trim().max(max).optional(),
    })
    .optional();

/** What `PATCH /api/settings` accepts under `meta` (unknown keys refused). */
export const MetaPatchSchema = z.strictObject({
  appName: z.string().trim().min(1).max(255).optional(),
  senderName: z
    .string()
    .trim()
    .max(255)
    .regex(/^[^\r\n<>"]*$/)
    .optional(),
  // Any mailbox address, `no-reply@localhost` (the default without a domain) included.
  senderAddress: z
    .string()
    .trim()
    .max(255)
    .regex(/^[^\s@<>"]+@[^\s@<>"]+$/)
    .optional(),
  description: localized(MAX_DESCRIPTION_LENGTH),
  footer: localized(MAX_FOOTER_LENGTH),
  accentColor: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/)
    .transform((value) => value.toLowerCase())
    .optional(),
  // Its size is checked with its content, for a message in kilobytes.
  customCss: z
    .string()
    .max(MAX_CUSTOM_CSS_BYTES * 4)
    .optional(),
  // Checked by `checkNavigation`, for one error at `meta.navigation` naming the link.
  navigation: z.unknown().optional(),
  appURL: z.unknown().optional(),
  icon: z.unknown().optional(),
  socialImage: z.unknown().optional(),
});

/** A valid `meta` patch. */
export type MetaPatch = z.infer<typeof MetaPatchSchema>;

/** The field errors of what the schema alone cannot judge: the accent's contrast, the sheet. */
export async function checkMetaPatch(meta: MetaPatch | undefined): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!meta) return errors;
  const upload = fieldError(
    "validation_upload_only",
    "Set by uploading the image (POST /api/settings/icon or /api/settings/social-image).",
  );
  if (meta.icon !== undefined) errors["meta.icon"] = upload;
  if (meta.socialImage !== undefined) errors["meta.socialImage"] = upload;
  if (meta.accentColor) {
    const verdict = judgeAccent(meta.accentColor);
    if (!verdict.ok) {
      const failed = [
        verdict.onPage < AA_RATIO
          ? `${roundRatio(verdict.onPage)}:1 as text on the light page`
          : null,
        verdict.underWhite < AA_RATIO
          ? `${roundRatio(verdict.underWhite)}:1 under white button text`
          : null,
      ].filter(Boolean);
      errors["meta.accentColor"] = fieldError(
        "validation_accent_contrast",
        `The accent colour ${meta.accentColor} has a contrast of ${failed.join(" and ")}; WCAG AA asks for at least ${AA_RATIO}:1. Choose a darker colour.`,
      );
    }
  }
  if (meta.navigation !== undefined) {
    const navigation = checkNavigation(meta.navigation);
    if (!navigation.ok) errors["meta.navigation"] = navigation.error;
  }
  if (meta.customCss !== undefined) {
    const [problem] = await checkCustomCss(meta.customCss);
    if (problem) errors["meta.customCss"] = fieldError(problem.code, problem.message);
  }
  return errors;
}

/** `current` with a valid patch applied (each language of a text kept unless given). */
export function mergeMeta(current: MetaSettings, patch: MetaPatch): MetaSettings {
  const {
    appURL: _url,
    icon: _icon,
    socialImage: _image,
    description,
    footer,
    navigation,
    ...plain
  } = patch;
  const links = navigation === undefined ? null : checkNavigation(navigation);
  return {
    ...current,
    ...plain,
    description: { ...current.description, ...description },
    footer: { ...current.footer, ...footer },
    navigation: { ...current.navigation, ...(links?.ok ? links.value : {}) },
  };
}

/** Stored meta read back: a text per language whatever the stored JSON held. */
export function readMeta(
  defaults: MetaSettings,
  saved: Partial<MetaSettings> | undefined,
): MetaSettings {
  return {
    ...defaults,
    ...saved,
    description: { ...defaults.description, ...saved?.description },
    footer: { ...defaults.footer, ...saved?.footer },
    navigation: { ...defaults.navigation, ...saved?.navigation },
  };
}

/** A short version of some content, for addresses that change with it. */
export function contentVersion(content: string | Uint8Array): string {
  return createHash("sha256").update(content).digest("base64url").slice(0, 12);
}

let lastSheet: { text: string; version: string } | null = null;

/** The custom sheet's version (computed once per text): its address changes with it. */
export function customCssVersion(text: string): string {
  if (lastSheet?.text !== text) lastSheet = { text, version: contentVersion(text) };
  return lastSheet.version;
}

/** The identity as pages are given it. */
export function pageIdentity(identity: SiteIdentity): PageIdentity {
  const { customCss, ...rest } = identity;
  return { ...rest, customCss: customCss.trim() ? customCssVersion(customCss) : "" };
}
