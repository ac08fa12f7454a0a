/**
 * Pending edits (ADR 047) as a module: their record hooks check a pending edit's target and
 * delete a record's pending edits when it is deleted or saved explicitly, in the write's
 * transaction. They are read and written through the records API (the `pendingEdits`
 * collection), so the module adds no route.
 */
import { registerPendingEditHooks } from "../core/pending-edits/pending-edits.ts";
import type { Kernel } from "../kernel/module.ts";

/** Registers the hooks of pending edits on the record lifecycle. */
export function pendingEditsModule(kernel: Kernel): void {
  registerPendingEditHooks(kernel.records.hooks);
}
