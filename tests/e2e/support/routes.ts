/**
 * The 24 routes of spec §2 and the admin area's pages (`/admin`, `/admin/users`) with a real
 * path each (on the global setup's content), who sees
 * the page itself, what a logged-out visitor gets, and the page's title in each language.
 */
import enStats from "../../../shared/i18n/catalogs/en/stats.ts";
import frStats from "../../../shared/i18n/catalogs/fr/stats.ts";
import { CATALOGS, type Lang } from "./app.ts";
import { CONTENT, USERS, type AccountName } from "./environment.ts";

/** Who opens a route to see the page itself. */
export type Viewer = "guest" | AccountName;

/** One route of spec §2 or of the admin area. */
export interface RouteCase {
  /** The route as spec §2 writes it. */
  route: string;
  /** A path that matches it on the fixture content. */
  path: string;
  /** The least privileged visitor who sees the page (status 200). */
  viewer: Viewer;
  /**
   * What a logged-out visitor gets: the page, or a redirect to `/login` (which brings them
   * back once signed in).
   */
  guest: "page" | "login";
  /** The page's own title (the document title is `{title} · Cahier`). */
  title: (lang: Lang) => string;
}

/** The site statistics page's title (its catalog is read on the server only, ADR 070). */
const STATS_TITLES = { en: enStats.siteTitle, fr: frStats.siteTitle } as const;

const writer = USERS.writer.username;
const { collection, entry, post, item } = CONTENT;

/** Every route of spec §2, then the admin area's. */
export const ROUTES: readonly RouteCase[] = [
  {
    route: "/",
    path: "/",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].content.home.title,
  },
  {
    route: "/archive",
    path: "/archive",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].records.archive.title,
  },
  {
    route: "/blog",
    path: "/blog",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].records.blog.title,
  },
  {
    route: "/collections",
    path: "/collections",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].records.collections.title,
  },
  {
    route: "/collection/{username}/{name}",
    path: `/collection/${writer}/${collection.name}`,
    viewer: "guest",
    guest: "page",
    title: () => collection.title,
  },
  {
    route: "/collection/create",
    path: "/collection/create",
    viewer: "user",
    guest: "login",
    title: (l) => CATALOGS[l].records.collection.createTitle,
  },
  {
    route: "/collection/update/{username}/{name}",
    path: `/collection/update/${writer}/${collection.name}`,
    viewer: "writer",
    guest: "login",
    title: (l) => CATALOGS[l].records.collection.updateTitle,
  },
  {
    route: "/entry/{username}/{name}",
    path: `/entry/${writer}/${entry.name}`,
    viewer: "guest",
    guest: "page",
    title: () => entry.title,
  },
  {
    route: "/entry/create",
    path: "/entry/create",
    viewer: "user",
    guest: "login",
    title: (l) => CATALOGS[l].records.entry.createTitle,
  },
  {
    route: "/entry/update/{username}/{name}",
    path: `/entry/update/${writer}/${entry.name}`,
    viewer: "writer",
    guest: "login",
    title: (l) => CATALOGS[l].records.entry.updateTitle,
  },
  {
    route: "/i",
    path: "/i",
    viewer: "admin",
    guest: "login",
    title: (l) => CATALOGS[l].records.items.title,
  },
  {
    route: "/i/{code}",
    path: `/i/${item.code}`,
    viewer: "admin",
    guest: "login",
    title: () => item.name,
  },
  {
    route: "/i/create",
    path: "/i/create",
    viewer: "admin",
    guest: "login",
    title: (l) => CATALOGS[l].records.items.createTitle,
  },
  {
    route: "/i/update/{code}",
    path: `/i/update/${item.code}`,
    viewer: "admin",
    guest: "login",
    title: (l) => CATALOGS[l].records.items.updateTitle,
  },
  {
    route: "/admin",
    path: "/admin",
    viewer: "admin",
    guest: "login",
    title: (l) => CATALOGS[l].admin.index.title,
  },
  {
    route: "/admin/users",
    path: "/admin/users",
    viewer: "admin",
    guest: "login",
    title: (l) => CATALOGS[l].admin.users.title,
  },
  {
    route: "/login",
    path: "/login",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].auth.login.title,
  },
  {
    route: "/signUp",
    path: "/signUp",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].auth.signUp.title,
  },
  {
    route: "/passwordReset",
    path: "/passwordReset",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].auth.passwordReset.title,
  },
  {
    route: "/post/{username}/{title}",
    path: `/post/${writer}/${post.slug}`,
    viewer: "guest",
    guest: "page",
    title: () => post.title,
  },
  {
    route: "/post/create",
    path: "/post/create",
    viewer: "writer",
    guest: "login",
    title: (l) => CATALOGS[l].records.post.createTitle,
  },
  {
    route: "/post/update/{username}/{title}",
    path: `/post/update/${writer}/${post.slug}`,
    viewer: "writer",
    guest: "login",
    title: (l) => CATALOGS[l].records.post.updateTitle,
  },
  {
    route: "/privacyPolicy",
    path: "/privacyPolicy",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].content.privacy.title,
  },
  {
    route: "/profile/{username}",
    path: `/profile/${writer}`,
    viewer: "guest",
    guest: "page",
    title: () => USERS.writer.name,
  },
  {
    route: "/profileSettings",
    path: "/profileSettings",
    viewer: "user",
    guest: "login",
    title: (l) => CATALOGS[l].records.settings.title,
  },
  {
    route: "/team",
    path: "/team",
    viewer: "guest",
    guest: "page",
    title: (l) => CATALOGS[l].content.team.title,
  },
];

/**
 * The superuser pages beyond spec §2 (issue 7: settings, request log, backups): superusers
 * see them; everyone else, admin-role accounts included, gets the 403 page.
 */
export const SUPERUSER_ROUTES: readonly RouteCase[] = [
  {
    route: "/admin/settings",
    path: "/admin/settings",
    viewer: "superuser",
    guest: "login",
    title: (l) => CATALOGS[l].adminSystem.settings.title,
  },
  {
    route: "/admin/logs",
    path: "/admin/logs",
    viewer: "superuser",
    guest: "login",
    title: (l) => CATALOGS[l].adminSystem.logs.title,
  },
  {
    route: "/admin/backups",
    path: "/admin/backups",
    viewer: "superuser",
    guest: "login",
    title: (l) => CATALOGS[l].adminSystem.backups.title,
  },
  {
    route: "/admin/jobs",
    path: "/admin/jobs",
    viewer: "superuser",
    guest: "login",
    title: (l) => CATALOGS[l].adminSystem.jobs.title,
  },
  {
    route: "/admin/stats",
    path: "/admin/stats",
    viewer: "superuser",
    guest: "login",
    title: (l) => STATS_TITLES[l],
  },
];
