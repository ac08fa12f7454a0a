/**
 * Files follow their record's transaction (ADR 013): new files go when the write rolls back,
 * replaced files once the new value has committed, a deleted record's files once the delete
 * has committed, unless a hook kept them (`keepFiles`: Recently deleted, ADR 067).
 */
import type { RecordFiles } from "../../files/record-files.ts";
import type { RecordHooks } from "../record-hooks.ts";

/** Registers, for every collection, the commit and rollback hooks that clean up files. */
export function registerFileCleanup(hooks: RecordHooks, files: RecordFiles): void {
  hooks.on(["afterCreateRollback", "afterUpdateRollback"], async (e) => {
    await files.deleteFiles(e.collection, e.id, e.files.stored);
  });
  hooks.on("afterUpdateCommit", async (e) => {
    await files.deleteFiles(e.collection, e.id, e.files.replaced);
  });
  hooks.on("afterDeleteCommit", async (e) => {
    if (e.keepFiles) return;
    await files.deleteRecordFiles(e.collection, e.id);
  });
}
