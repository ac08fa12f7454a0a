/** A date in the interface language, through `Intl`, inside a `<time>` element. */
import { useSession } from "../session-provider.tsx";

/** Parses the API's `YYYY-MM-DD HH:MM:SS.sssZ` dates; `null` when empty or invalid. */
export function parseApiDate(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * One long-date formatter per language: making an `Intl.DateTimeFormat` costs far more than
 * formatting with it, and a list page formats dozens of dates.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function longDateFormat(locale: string): Intl.DateTimeFormat {
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    // Locales come from a short list, but a bound costs nothing.
    if (formatters.size >= 16) formatters.clear();
    formatters.set(locale, format);
  }
  return format;
}

/** Formats an API date as a long date in `locale` (UTC, so server and browser agree). */
export function formatDate(value: string, locale: string): string {
  const date = parseApiDate(value);
  if (!date) return "";
  return longDateFormat(locale).format(date);
}

/** Renders an API date; nothing when it is empty. */
export function FormattedDate({ value }: { value: string }) {
  const { locale } = useSession();
  const date = parseApiDate(value);
  if (!date) return null;
  return <time dateTime={date.toISOString()}>{formatDate(value, locale)}</time>;
}
