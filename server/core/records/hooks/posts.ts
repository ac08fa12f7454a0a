/** Lifecycle hooks of `posts`: the slug from the title, the publication date on publish. */
import type { RecordHook, RecordHooks } from "../record-hooks.ts";
import { nowString } from "../values.ts";
import { slugFromTitle } from "./slugs.ts";

/** Publishing without a date publishes now (a date in the future schedules the post). */
export const stampPublication: RecordHook = ({ values }) => {
  if (values.status === "published" && values.publishedAt === "") values.publishedAt = nowString();
};

/** Registers the hooks of `posts`. */
export function registerPostHooks(hooks: RecordHooks): void {
  const only = { collections: ["posts"] };
  hooks.on("beforeCreate", slugFromTitle("slug", "author"), only);
  hooks.on(["beforeCreate", "beforeUpdate"], stampPublication, only);
}
