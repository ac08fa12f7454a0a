/** Formatting of the request log: API dates in UTC, in the interface language. */
import { parseApiDate } from "../../components/ui/formatted-date.tsx";

/** An API date as a short UTC date and time with seconds (`""` when invalid). */
export function formatLogTime(value: string, locale: string): string {
  const date = parseApiDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "UTC",
  }).format(date);
}

/** An hour of the stats as a short UTC date and hour. */
export function formatLogHour(value: string, locale: string): string {
  const date = parseApiDate(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(locale, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(date);
}

/** A text value of a log entry's data (`""` when absent). */
export function dataText(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

/** The name of a log level (`debug`, `info`, `warn`, `error`), or `null` for another value. */
export function levelName(level: number): "debug" | "info" | "warn" | "error" | null {
  if (level === -4) return "debug";
  if (level === 0) return "info";
  if (level === 4) return "warn";
  if (level === 8) return "error";
  return null;
}
