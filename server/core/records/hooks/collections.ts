/** Lifecycle hooks of `collections` (notebooks): the name (slug) from the title. */
import type { RecordHooks } from "../record-hooks.ts";
import { slugFromTitle } from "./slugs.ts";

/** Registers the hooks of `collections`. */
export function registerCollectionHooks(hooks: RecordHooks): void {
  hooks.on("beforeCreate", slugFromTitle("name", "owner"), { collections: ["collections"] });
}
