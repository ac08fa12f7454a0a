/** Every French catalog, by namespace (loaded together, on demand). */
import auth from "./auth.ts";
import common from "./common.ts";
import content from "./content.ts";
import editor from "./editor.ts";
import errors from "./errors.ts";
import listings from "./listings.ts";
import oauth2 from "./oauth2.ts";
import feeds from "./feeds.ts";
import pages from "./pages.ts";
import profile from "./profile.ts";
import records from "./records.ts";
import shell from "./shell.ts";
import account from "./account.ts";
import adminSystem from "./admin-system.ts";
import admin from "./admin.ts";
import live from "./live.ts";
import writing from "./writing.ts";
import data from "./data.ts";
import security from "./security.ts";
import autosave from "./autosave.ts";
import devices from "./devices.ts";
import search from "./search.ts";
import remember from "./remember.ts";
import passkeys from "./passkeys.ts";
import subscriptions from "./subscriptions.ts";
import comments from "./comments.ts";

/** The fr messages by namespace. */
const catalog = {
  common,
  auth,
  errors,
  pages,
  records,
  content,
  shell,
  listings,
  oauth2,
  editor,
  profile,
  feeds,
  account,
  adminSystem,
  admin,
  live,
  writing,
  data,
  security,
  autosave,
  devices,
  search,
  remember,
  passkeys,
  subscriptions,
  comments,
};

export default catalog;
