/**
 * Edit conflicts (ADR 028): an editor remembers the `updated` date of the version its form is
 * based on; a newer `updated` on the server means someone saved the record elsewhere since.
 * Pure helpers, shared by the live warning and the check before saving.
 */

/** A version of the record saved elsewhere after the one the form is based on. */
export type RemoteChange = { kind: "updated"; updated: string } | { kind: "deleted" };

/** Milliseconds since the epoch of an API date (`2026-11-21 14:32:05.123Z`), or NaN. */
export function apiTime(value: string): number {
  return Date.parse(value.includes("T") ? value : value.replace(" ", "T"));
}

/** Whether `updated` is later than `base` (an unreadable date is never newer). */
export function isNewer(updated: string, base: string): boolean {
  const a = apiTime(updated);
  const b = apiTime(base);
  return Number.isFinite(a) && (!Number.isFinite(b) || a > b);
}

/**
 * The change a realtime event of the edited record means for a form based on `base`, or null
 * when it is that version or an older one (the editor's own save included).
 */
export function remoteChange(
  base: string,
  event: { action: string; record: Record<string, unknown> },
): RemoteChange | null {
  if (event.action === "delete") return { kind: "deleted" };
  const value = event.record.updated;
  const updated = typeof value === "string" ? value : "";
  return updated && isNewer(updated, base) ? { kind: "updated", updated } : null;
}
