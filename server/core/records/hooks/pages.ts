/**
 * Lifecycle hooks of `pages` (ADR 075): a slug kept for the app's own addresses under
 * `/page/` is refused with a 400 at `slug`.
 */
import { isReservedPageSlug } from "#shared/records/page-slugs.ts";
import { badRequest, fieldError } from "../../errors.ts";
import type { RecordHook, RecordHooks } from "../record-hooks.ts";

/** Refuses a reserved slug. */
export const refuseReservedSlug: RecordHook = (event) => {
  const slug = event.values.slug;
  if (typeof slug !== "string" || !isReservedPageSlug(slug)) return;
  throw badRequest(`Failed to ${event.action} record.`, {
    slug: fieldError(
      "validation_reserved_slug",
      `"${slug}" is kept for the site's own addresses; choose another slug.`,
    ),
  });
};

/** Registers the hooks of `pages`. */
export function registerPageHooks(hooks: RecordHooks): void {
  hooks.on(["beforeCreate", "beforeUpdate"], refuseReservedSlug, { collections: ["pages"] });
}
