/**
 * The one place where the record lifecycle's built-in hooks are registered: side effects of
 * every write (change events, files), then each collection's own hooks. A feature (revisions,
 * pending edits, search) registers its hooks from its module on `RecordService.hooks` at
 * start-up (issue 24), so the records core imports none; never an `if` on a collection name
 * in the write path.
 */
import type { RecordFiles } from "../../files/record-files.ts";
import type { RecordEvents } from "../record-events.ts";
import type { RecordHooks } from "../record-hooks.ts";
import { registerChangeEvents } from "./change-events.ts";
import { registerCollectionHooks } from "./collections.ts";
import { registerEntryHooks } from "./entries.ts";
import { registerFileCleanup } from "./file-cleanup.ts";
import { registerPageHooks } from "./pages.ts";
import { registerPostHooks } from "./posts.ts";
import { registerTranslationHooks } from "./translations.ts";
import { registerUserHooks } from "./users.ts";

/** What the built-in hooks act on. */
export interface RecordHookDeps {
  /** Where committed changes are announced. */
  events: RecordEvents;
  /** File storage of records; null when the service stores no files. */
  files: RecordFiles | null;
}

/** Registers every built-in record hook on `hooks`. */
export function registerRecordHooks(hooks: RecordHooks, deps: RecordHookDeps): void {
  registerChangeEvents(hooks, deps.events);
  if (deps.files) registerFileCleanup(hooks, deps.files);
  registerPostHooks(hooks);
  registerPageHooks(hooks);
  registerTranslationHooks(hooks, ["posts"]);
  registerEntryHooks(hooks);
  registerCollectionHooks(hooks);
  registerUserHooks(hooks);
}
