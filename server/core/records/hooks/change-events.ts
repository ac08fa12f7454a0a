/** Committed writes become {@link RecordEvents} changes (caches, realtime delivery). */
import type { RecordEvents } from "../record-events.ts";
import type { RecordHooks } from "../record-hooks.ts";

/** Registers, for every collection, the commit hooks that emit the change events. */
export function registerChangeEvents(hooks: RecordHooks, events: RecordEvents): void {
  hooks.on("afterCreateCommit", ({ collection, id, values }) => {
    events.emit({ action: "create", collection, id, created: values });
  });
  hooks.on("afterUpdateCommit", ({ collection, id, oldRow, cascade }) => {
    // A reference removed by a cascade carries no previous version (realtime sends no delete).
    if (cascade) events.emit({ action: "update", collection, id });
    else events.emit({ action: "update", collection, id, previous: oldRow ?? undefined });
  });
  hooks.on("afterDeleteCommit", ({ collection, id, oldRow }) => {
    events.emit({ action: "delete", collection, id, record: oldRow ?? undefined });
  });
}
