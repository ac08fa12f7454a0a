/** What every format reader gets, and what it answers. */
import { createHash } from "node:crypto";
import type { ImportPlan, Placeholders } from "../import-plan.ts";
import { importFileError } from "../import-errors.ts";
import type { ImportSource } from "../import-source.ts";

/** The input of a format reader. */
export interface FormatContext {
  /** The uploaded files. */
  source: ImportSource;
  /** Placeholders for file addresses in texts. */
  placeholders: Placeholders;
  /** Most items (collections, entries, posts) one import holds. */
  maxItems: number;
}

/**
 * Refuses an upload that holds more items than one import may, as soon as they are counted
 * and before any is planned (issue 23 finding 2: a million tiny Ghost posts cost 14 s and
 * +590 MB before the 400 when the cap was checked on the finished plan).
 */
export function checkItemCount(count: number, context: Pick<FormatContext, "maxItems">): void {
  if (count > context.maxItems)
    throw importFileError(
      "validation_import_too_large",
      `${count} items; one import holds at most ${context.maxItems}`,
    );
}

/** Reads an upload into a plan; throws a 400 (import-errors.ts) when it is not this format. */
export type FormatReader = (context: FormatContext) => Promise<ImportPlan>;

/** A short stable hash of `parts` (import keys of items without an id in their source). */
export function contentKey(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex").slice(0, 32);
}

/** A plain object's own property (`undefined` for anything else, `__proto__` included). */
export function prop(value: unknown, key: string): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** A property that must be a list (`[]` otherwise). */
export function list(value: unknown, key: string): unknown[] {
  const found = prop(value, key);
  return Array.isArray(found) ? (found as unknown[]) : [];
}
