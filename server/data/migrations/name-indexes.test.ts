/**
 * Migration `1796600000-name-indexes` on a database that predates it: it adds the indexes on
 * `posts.slug`, `entries.name` and `collections.name`, which a page's lookup of its record by
 * the author's username and that name reads instead of every row.
 */
import { describeIndexMigration } from "#tests/helpers/index-migration.ts";

describeIndexMigration("1796600000-name-indexes", [
  "idx_slug_posts",
  "idx_name_entries",
  "idx_name_collections",
]);
