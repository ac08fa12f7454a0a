/**
 * The revision history of entries and posts (ADR 041) as a module: its record hooks write a
 * revision in each create or update's transaction and delete a history with its record; the
 * records core knows nothing of it. Revisions are read through the records API (the
 * `revisions` collection), so the module adds no route.
 */
import { RevisionHistory } from "../core/revisions/revision-history.ts";
import type { Kernel } from "../kernel/module.ts";

/** Makes the history, bound to the settings in force (its cap), and registers its hooks. */
export function revisionsModule(kernel: Kernel): RevisionHistory {
  const revisions = new RevisionHistory();
  revisions.settings = () => kernel.settings.revisions;
  revisions.register(kernel.records.hooks);
  return revisions;
}
