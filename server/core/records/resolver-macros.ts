/** The date macros of the filter language (`@now`, `@todayStart`, `@year`, …), in UTC. */
import type { StaticValue } from "../../tools/search/index.ts";
import { formatDate } from "./values.ts";

/** Each macro's value at a given instant. */
export const MACROS: Record<string, (now: Date) => StaticValue> = {
  "@now": (d) => formatDate(d),
  "@yesterday": (d) => formatDate(new Date(d.getTime() - 86_400_000)),
  "@tomorrow": (d) => formatDate(new Date(d.getTime() + 86_400_000)),
  "@todayStart": (d) =>
    formatDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))),
  "@todayEnd": (d) =>
    formatDate(
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59, 999)),
    ),
  "@monthStart": (d) => formatDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))),
  "@monthEnd": (d) =>
    formatDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0, 23, 59, 59, 999))),
  "@yearStart": (d) => formatDate(new Date(Date.UTC(d.getUTCFullYear(), 0, 1))),
  "@yearEnd": (d) => formatDate(new Date(Date.UTC(d.getUTCFullYear(), 11, 31, 23, 59, 59, 999))),
  "@second": (d) => d.getUTCSeconds(),
  "@minute": (d) => d.getUTCMinutes(),
  "@hour": (d) => d.getUTCHours(),
  "@day": (d) => d.getUTCDate(),
  "@month": (d) => d.getUTCMonth() + 1,
  "@weekday": (d) => d.getUTCDay(),
  "@year": (d) => d.getUTCFullYear(),
};
