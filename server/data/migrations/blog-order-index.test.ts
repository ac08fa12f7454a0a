/** Migration `1797500000-blog-order-index` adds the blog's order index to an older database. */
import { describeIndexMigration } from "#tests/helpers/index-migration.ts";
import { BLOG_ORDER_INDEX } from "./1797500000-blog-order-index.ts";

describeIndexMigration("1797500000-blog-order-index", [BLOG_ORDER_INDEX]);
