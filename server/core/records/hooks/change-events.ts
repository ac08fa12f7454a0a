/** Committed writes become {@link RecordEvents} changes (caches, realtime delivery). */
import type { RecordEvents } from "../record-events.ts";
import type { RecordHooks } from "../record-hooks.ts";
import { toStoredValue } from "../values.ts";

/** Registers, for every collection, the commit hooks that emit the change events. */
export function registerChangeEvents(hooks: RecordHooks, events: RecordEvents): void {
  hooks.on("afterCreateCommit", ({ collection, id, values }) => {
    const created: Record<string, unknown> = {};
    for (const field of collection.fields)
      created[field.name] = toStoredValue(field, values[field.name]);
    events.emit({ action: "create", collection, id, created });
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
