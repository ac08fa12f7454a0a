/**
 * The statistics pages' wording (ADR 070): the `stats` catalog of the page's language, read
 * by the loader on the server (`stats-labels.server.ts`) and handed to the components, so it
 * never enters the message catalog every guest page loads.
 */
import type en from "#shared/i18n/catalogs/en/stats.ts";

/** The statistics pages' messages in one language. */
export type StatsLabels = typeof en;

/** A message with its `{{name}}` placeholders filled. */
export function fillLabel(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
