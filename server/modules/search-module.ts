/** Full-text search (ADR 043) as a module: its index follows every write, in its transaction. */
import type { RecordService } from "../core/records/record-service.ts";
import { checkSearchOpen } from "../core/search/search-open-check.ts";
import { SearchService } from "../core/search/search-service.ts";
import { registerSearchRoutes } from "../http/search/search.ts";
import type { Kernel } from "../kernel/module.ts";

/**
 * Search's access keys checked against the rules (issue 24), once per process: it checks the
 * definitions in the code, which one process never changes. A mismatch stops every start.
 */
let openCheck: Promise<void> | null = null;
function checkOpenOnce(records: RecordService): Promise<void> {
  openCheck ??= checkSearchOpen(records);
  return openCheck;
}

/** Registers the index's record hooks and `GET /api/search`; the start checks the keys. */
export function searchModule(kernel: Kernel): SearchService {
  const search = new SearchService(kernel.records);
  search.index.register(kernel.records.hooks);
  kernel.lifecycle.add(search, {
    name: "search access keys",
    start: () => checkOpenOnce(kernel.records),
  });
  kernel.routes.push((app) => {
    registerSearchRoutes(app, search);
  });
  return search;
}
