/** Full-text search (ADR 043) as a module: its index follows every write, in its transaction. */
import { SearchService } from "../core/search/search-service.ts";
import { registerSearchRoutes } from "../http/search/search.ts";
import type { Kernel } from "../kernel/module.ts";

/** Registers the index's record hooks and `GET /api/search`. */
export function searchModule(kernel: Kernel): SearchService {
  const search = new SearchService(kernel.records);
  search.index.register(kernel.records.hooks);
  kernel.routes.push((app) => {
    registerSearchRoutes(app, search);
  });
  return search;
}
