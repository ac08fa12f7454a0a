/**
 * Dates with their time on "My writing" (last edit, publication): in the interface language,
 * in UTC and said so, so the server's rendering and the browser's agree.
 */
import { parseApiDate } from "../../components/ui/formatted-date.tsx";

/** An API date as "3 May 2025, 10:42 UTC" in `locale`; `""` when empty or invalid. */
export function formatDateTime(value: string, locale: string): string {
  const date = parseApiDate(value);
  if (!date) return "";
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(date);
  return `${text} UTC`;
}
