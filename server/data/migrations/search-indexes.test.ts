/**
 * Migration `1796700000-search-indexes` on a database that predates it: it adds the covering
 * indexes of the search's join (`search-repository.test.ts` shows the join reads them).
 */
import { describeIndexMigration } from "#tests/helpers/index-migration.ts";
import { SEARCH_INDEXES } from "./1796700000-search-indexes.ts";

describeIndexMigration("1796700000-search-indexes", SEARCH_INDEXES);
