/**
 * The API's refusals of the site's identity, in the interface's language (ADR 069): the accent's
 * contrast with its measured ratios (measured again here, with the same module), the style
 * sheet's and the images' codes; the API's own wording (a sheet's line and column) goes under
 * the form's message.
 */
import { judgeAccent, roundRatio } from "#shared/site/contrast.ts";
import { failureStatus, responseFieldData } from "../../api/client/api-errors.ts";
import { fieldErrors } from "../../lib/forms/api-errors.ts";
import { fill, SITE_IDENTITY_TEXTS, type SiteIdentityTexts } from "./texts.ts";
import type { FieldMessages, FormSubmitOptions } from "../../components/forms/use-form-submit.ts";

const OWN_CODES = new Set([
  "validation_accent_contrast",
  "validation_css_too_large",
  "validation_css_syntax",
  "validation_css_import",
  "validation_css_url",
  "validation_invalid_image",
  "validation_invalid_mime_type",
  "validation_image_too_small",
  "validation_required",
  "validation_invalid_navigation",
  "validation_too_many_links",
  "validation_invalid_link_label",
  "validation_invalid_link_url",
]);

/** A contrast ratio as `locale` writes it (`4.5`, `4,5`), rounded down. */
export function formatRatio(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(roundRatio(value));
}

/**
 * The options of an identity form's `useFormSubmit`: its field messages, a 413's message, and
 * the API's wording of a field error under the form's message. `accent` is the colour sent.
 */
export function identityFormOptions(
  locale: string,
  fields: readonly string[],
  accent: () => string = () => "",
): Pick<FormSubmitOptions, "fieldErrors" | "fields" | "message" | "detail"> {
  const C = SITE_IDENTITY_TEXTS[locale === "fr" ? "fr" : "en"];
  return {
    fields,
    fieldErrors: (error, t): FieldMessages =>
      fieldErrors(error, t, (code) => {
        if (!OWN_CODES.has(code)) return undefined;
        if (code === "validation_accent_contrast") {
          const verdict = judgeAccent(accent());
          return fill(C.errors.validation_accent_contrast, {
            onPage: formatRatio(verdict.onPage, locale),
            underWhite: formatRatio(verdict.underWhite, locale),
          });
        }
        return C.errors[code as keyof SiteIdentityTexts["errors"]];
      }),
    message: (error, fields, t) =>
      failureStatus(error) === 413
        ? C.errors.tooLarge
        : Object.keys(fields).length
          ? null
          : t("errors:api.generic"),
    detail: (error) => {
      for (const detail of Object.values(responseFieldData(error))) {
        const message = (detail as { message?: unknown } | null)?.message;
        if (typeof message === "string" && /^Line \d|line \d/.test(message)) return message;
      }
      return null;
    },
  };
}
