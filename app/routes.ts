/**
 * Every route of the web app (spec §2), declared explicitly. Each module is its own chunk,
 * loaded on demand. Pages sit in the pathless `pages` layout, whose error boundary catches
 * their errors below the root. Guard layouts enforce access before any page loader runs:
 * `signed-in` sends visitors to `/login`, `writer`, `admin` and `superuser` answer 403.
 */
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Feeds, sitemap and robots.txt: resource routes (no page), one module per feed kind.
  route("blog/rss.xml", "routes/feeds/blog-feed.ts", { id: "feeds/blog-rss" }),
  route("blog/atom.xml", "routes/feeds/blog-feed.ts", { id: "feeds/blog-atom" }),
  route("blog/feed.json", "routes/feeds/blog-feed.ts", { id: "feeds/blog-json" }),
  route("profile/:username/rss.xml", "routes/feeds/author-feed.ts", { id: "feeds/author-rss" }),
  route("profile/:username/atom.xml", "routes/feeds/author-feed.ts", { id: "feeds/author-atom" }),
  route("profile/:username/feed.json", "routes/feeds/author-feed.ts", { id: "feeds/author-json" }),
  route("collection/:username/:name/rss.xml", "routes/feeds/collection-feed.ts", {
    id: "feeds/collection-rss",
  }),
  route("collection/:username/:name/atom.xml", "routes/feeds/collection-feed.ts", {
    id: "feeds/collection-atom",
  }),
  route("collection/:username/:name/feed.json", "routes/feeds/collection-feed.ts", {
    id: "feeds/collection-json",
  }),
  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  // The CSV of a target's email subscribers (a download, ADR 065).
  route("writing/subscribers/export", "routes/writing/subscribers-export.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),

  // Every page, under one error boundary that keeps the root mounted (routes/pages.tsx).
  layout("routes/pages.tsx", [
    index("routes/home.tsx"),
    route("archive", "routes/entries/archive.tsx"),
    route("search", "routes/search/search.tsx"),
    route("blog", "routes/posts/blog.tsx"),
    route("tags", "routes/posts/tags.tsx"),
    route("collections", "routes/collections/collections.tsx"),
    route("team", "routes/static/team.tsx"),
    route("privacyPolicy", "routes/static/privacy-policy.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("signUp", "routes/auth/sign-up.tsx"),
    route("passwordReset", "routes/auth/password-reset.tsx"),
    route("profile/:username", "routes/profile/profile.tsx"),
    route("entry/:username/:name", "routes/entries/entry.tsx"),
    route("collection/:username/:name", "routes/collections/collection.tsx"),
    route("collection/:username/:name/print", "routes/collections/collection-print.tsx"),
    route("post/:username/:title", "routes/posts/post.tsx"),
    // The site's standalone pages (ADR 075).
    route("page/:slug", "routes/site-pages/site-page.tsx"),
    // The pages of the subscription mails' signed links (ADR 065): a GET changes nothing.
    route("subscriptions/confirm", "routes/subscriptions/subscription-confirm.tsx"),
    route("subscriptions/unsubscribe", "routes/subscriptions/subscription-unsubscribe.tsx"),
    route("subscriptions/manage", "routes/subscriptions/subscription-manage.tsx"),
    // Guards itself: its emailed `?emailChange=` link also works for a logged-out visitor.
    route("profileSettings", "routes/profile/profile-settings.tsx"),

    layout("routes/guards/signed-in.tsx", [
      route("writing", "routes/writing/writing.tsx"),
      route("writing/comments", "routes/writing/comments.tsx"),
      route("writing/subscribers", "routes/writing/subscribers.tsx"),
      route("writing/deleted", "routes/writing/deleted.tsx"),
      route("writing/stats", "routes/writing/stats.tsx"),
      route("calendar", "routes/calendar/calendar.tsx"),
      route("entry/create", "routes/entries/entry-create.tsx"),
      route("entry/update/:username/:name", "routes/entries/entry-update.tsx"),
      route("collection/create", "routes/collections/collection-create.tsx"),
      route("collection/update/:username/:name", "routes/collections/collection-update.tsx"),
      route("post/update/:username/:title", "routes/posts/post-update.tsx"),
      layout("routes/guards/writer.tsx", [
        route("post/create", "routes/posts/post-create.tsx"),
        route("writing/followers", "routes/writing/followers.tsx"),
      ]),
      layout("routes/guards/admin.tsx", { id: "routes/guards/admin-signed-in" }, [
        route("i/update/:code", "routes/items/item-update.tsx"),
      ]),
    ]),

    layout("routes/guards/admin.tsx", [
      route("i", "routes/items/items.tsx"),
      route("i/create", "routes/items/item-create.tsx"),
      route("i/:code", "routes/items/item.tsx"),
      route("admin", "routes/admin/admin.tsx"),
      route("admin/users", "routes/admin/users.tsx"),
    ]),

    layout("routes/guards/superuser.tsx", [
      route("admin/settings", "routes/admin/settings.tsx"),
      route("admin/logs", "routes/admin/logs.tsx"),
      route("admin/logs/:id", "routes/admin/log.tsx"),
      route("admin/backups", "routes/admin/backups.tsx"),
      route("admin/jobs", "routes/admin/jobs.tsx"),
      route("admin/stats", "routes/admin/stats.tsx"),
    ]),

    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
