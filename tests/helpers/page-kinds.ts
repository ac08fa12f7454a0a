/**
 * One address of each kind of page, for the checks that walk them all once (issue 30: the
 * memory bench at rest, `bench/resident.ts`, and the 96 MB heap test,
 * `tests/crash/small-heap.test.ts`). `post` is a published post's address.
 */

/** What a guest reads: the reading pages, the sign-in pages, a search, the feeds. */
export function guestPageKinds(post: string): string[] {
  return [
    "/",
    "/blog",
    post,
    "/archive",
    "/collections",
    "/tags",
    "/team",
    "/privacyPolicy",
    "/login",
    "/signUp",
    "/passwordReset",
    "/search?q=garden",
    "/blog/rss.xml",
    "/blog/feed.json",
    "/sitemap.xml",
  ];
}

/** What a writer opens: their desk and its lists, the editors, the calendar, their settings. */
export function writerPageKinds(post: string): string[] {
  return [
    post,
    "/writing",
    "/writing/comments",
    "/writing/subscribers",
    "/writing/followers",
    "/writing/deleted",
    "/calendar",
    "/entry/create",
    "/post/create",
    "/collection/create",
    "/profileSettings",
  ];
}

/** The first demo writer's address and password in `cahier seed --demo-accounts`'s output. */
export function demoWriterOf(seedOutput: string): { email: string; password: string } | null {
  const [, email, password] = /^\s*writer\s+\S+\s+(\S+@\S+)\s+(\S+)\s*$/m.exec(seedOutput) ?? [];
  return email && password ? { email, password } : null;
}
