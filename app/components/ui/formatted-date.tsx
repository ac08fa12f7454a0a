/** A date in the interface language, inside a `<time>` element. */
import { formatLongDate } from "#shared/i18n/long-date.ts";
import { useSession } from "../session-provider.tsx";

/** Parses the API's `YYYY-MM-DD HH:MM:SS.sssZ` dates; `null` when empty or invalid. */
export function parseApiDate(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats an API date as a long date in `locale` (UTC, so server and browser agree), without
 * `Intl` for the interface languages (see `long-date.ts`).
 */
export function formatDate(value: string, locale: string): string {
  const date = parseApiDate(value);
  if (!date) return "";
  return formatLongDate(date, locale);
}

/** Renders an API date; nothing when it is empty. */
export function FormattedDate({ value }: { value: string }) {
  const { locale } = useSession();
  const date = parseApiDate(value);
  if (!date) return null;
  return <time dateTime={date.toISOString()}>{formatDate(value, locale)}</time>;
}
