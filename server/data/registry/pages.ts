/**
 * `pages` (issue 29 item 2, ADR 075): the site's standalone pages (About, Now, Colophon…),
 * written in Markdown by writers and admins, read by everyone once published at
 * `/page/<slug>`, and shown in the header's navigation when `inNavigation` is set (in the
 * navigation of the page's language, by `navigationOrder`). A writer changes their own pages;
 * an admin any. Drafts stay with their author (and admins).
 */
import type { Collection } from "../../core/models/collection.ts";
import { autodates, collectionId, idField, isAdmin, USERS_COLLECTION_ID } from "./common-fields.ts";

/** A published page: what guests read. */
export const PAGE_LIVE_FILTER = `status = "published"`;

const isWriter = `@request.auth.collectionName = "users" && (@request.auth.role = "writer" || @request.auth.role = "admin")`;
/** An update keeps the page's author (an admin edits another's page as theirs). */
const keepsAuthor = `(@request.body.author:isset = false || @request.body.author = author)`;

/** Highest `navigationOrder`. */
export const MAX_NAVIGATION_ORDER = 999;

/** The `pages` collection. */
export const pagesCollection: Collection = {
  id: collectionId("base", "pages"),
  name: "pages",
  type: "base",
  system: false,
  fields: [
    idField,
    {
      name: "author",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    // Its address, `/page/<slug>`: unique on the site; a few words are kept (`hooks/pages.ts`).
    {
      name: "slug",
      type: "text",
      required: true,
      min: 1,
      max: 120,
      pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$",
    },
    { name: "title", type: "text", required: true, max: 200 },
    { name: "content", type: "text", max: 200_000 },
    // The text of search engines and link previews; the start of the content when empty.
    { name: "description", type: "text", max: 300 },
    { name: "lang", type: "select", values: ["en", "fr"], maxSelect: 1, required: true },
    {
      name: "status",
      type: "select",
      values: ["draft", "published"],
      maxSelect: 1,
      required: true,
      default: "draft",
    },
    { name: "inNavigation", type: "bool" },
    { name: "navigationOrder", type: "number", onlyInt: true, min: 0, max: MAX_NAVIGATION_ORDER },
    ...autodates,
  ],
  indexes: [
    { name: "idx_slug_pages", columns: ["slug"], unique: true, field: "slug" },
    // Every page's header reads the pages of its language's navigation.
    {
      name: "idx_navigation_pages",
      columns: ["inNavigation", "status", "lang", "navigationOrder"],
    },
  ],
  listRule: `${PAGE_LIVE_FILTER} || author = @request.auth.id || (${isAdmin})`,
  viewRule: `${PAGE_LIVE_FILTER} || author = @request.auth.id || (${isAdmin})`,
  createRule: `${isWriter} && author = @request.auth.id`,
  updateRule: `${isWriter} && (author = @request.auth.id || @request.auth.role = "admin") && ${keepsAuthor}`,
  deleteRule: `author = @request.auth.id || (${isAdmin})`,
};
