/** Every English catalog, by namespace (loaded together, on demand). */
import auth from "./auth.ts";
import common from "./common.ts";
import content from "./content.ts";
import errors from "./errors.ts";
import pages from "./pages.ts";
import records from "./records.ts";
import shell from "./shell.ts";
import account from "./account.ts";

/** The en messages by namespace. */
const catalog = { common, auth, errors, pages, records, content, shell, account };

export default catalog;
