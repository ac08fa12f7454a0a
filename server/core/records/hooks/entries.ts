/** Lifecycle hooks of `entries`: the name (slug) from the title, today's date by default. */
import type { RecordHook, RecordHooks } from "../record-hooks.ts";
import { formatDate } from "../values.ts";
import { slugFromTitle } from "./slugs.ts";

/** A new entry without a date is dated today (UTC midnight). */
export const defaultEntryDate: RecordHook = ({ values }) => {
  if (values.date !== "") return;
  const now = new Date();
  values.date = formatDate(
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
  );
};

/** Registers the hooks of `entries`. */
export function registerEntryHooks(hooks: RecordHooks): void {
  const only = { collections: ["entries"] };
  hooks.on("beforeCreate", slugFromTitle("name", "author"), only);
  hooks.on("beforeCreate", defaultEntryDate, only);
}
