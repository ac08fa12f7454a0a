/**
 * Lifecycle hooks of `posts`: the slug from the title, the publication date on publish, and
 * the former slugs whose addresses redirect to the post (issue 25).
 */
import type { RecordHook, RecordHooks } from "../record-hooks.ts";
import { nowString } from "../values.ts";
import { slugFromTitle } from "./slugs.ts";

/** Publishing without a date publishes now (a date in the future schedules the post). */
export const stampPublication: RecordHook = ({ values }) => {
  if (values.status === "published" && values.publishedAt === "") values.publishedAt = nowString();
};

/** How many former slugs a post keeps (the oldest go first). */
export const MAX_FORMER_SLUGS = 20;

/**
 * Keeps the slugs a post had: when an update changes the slug, the old one joins
 * `formerSlugs` (and the new one leaves it, taken back). Clients never write the list: a
 * create starts it empty, an update keeps the stored one.
 */
export const keepFormerSlugs: RecordHook = ({ values, old }) => {
  if (!old) {
    values.formerSlugs = [];
    return;
  }
  const stored = Array.isArray(old.formerSlugs)
    ? old.formerSlugs.filter((slug): slug is string => typeof slug === "string")
    : [];
  const before = typeof old.slug === "string" ? old.slug : "";
  const list =
    before && before !== values.slug ? [...stored.filter((s) => s !== before), before] : stored;
  values.formerSlugs = list.filter((slug) => slug !== values.slug).slice(-MAX_FORMER_SLUGS);
};

/**
 * The preview link's secret is written by `/api/posts/{id}/preview` alone: a create starts
 * without one, an update through the records API keeps the stored one.
 */
export const keepPreviewToken: RecordHook = ({ values, old }) => {
  values.previewToken = typeof old?.previewToken === "string" ? old.previewToken : "";
};

/** Registers the hooks of `posts`. */
export function registerPostHooks(hooks: RecordHooks): void {
  const only = { collections: ["posts"] };
  hooks.on("beforeCreate", slugFromTitle("slug", "author"), only);
  hooks.on(["beforeCreate", "beforeUpdate"], stampPublication, only);
  hooks.on(["beforeCreate", "beforeUpdate"], keepFormerSlugs, only);
  hooks.on(["beforeCreate", "beforeUpdate"], keepPreviewToken, only);
}
