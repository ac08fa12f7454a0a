/**
 * The federation's addresses (ADR 071), in one place for the HTTP layer (which hands them to
 * Fedify) and the federation (which serves them). No Fedify import.
 */

/** A local actor (`{identifier}`: a writer's user id, or `blog`). */
export const ACTOR_PATH = "/ap/actors/{identifier}";
export const INBOX_PATH = "/ap/actors/{identifier}/inbox";
export const OUTBOX_PATH = "/ap/actors/{identifier}/outbox";
export const FOLLOWERS_PATH = "/ap/actors/{identifier}/followers";
/** Every actor's shared inbox. */
export const SHARED_INBOX_PATH = "/inbox";
/** A post as an `Article`: by record id, so the slug may change. */
export const POST_OBJECT_PATH = "/ap/posts/{id}";

/** Paths Fedify serves whatever the `Accept` header (its own negotiation answers 406). */
export function isFederationPath(pathname: string): boolean {
  return (
    pathname === "/.well-known/webfinger" ||
    pathname === "/.well-known/nodeinfo" ||
    pathname === "/nodeinfo/2.1" ||
    pathname === SHARED_INBOX_PATH ||
    pathname.startsWith("/ap/")
  );
}

/** A profile page's address: its ActivityPub form is the writer's actor. */
export const PROFILE_PAGE_RE = /^\/profile\/([^/?#]+)\/?$/;
/** A post page's address: its ActivityPub form is the post's `Article`. */
export const POST_PAGE_RE = /^\/post\/([^/?#]+)\/([^/?#]+)\/?$/;

/**
 * Whether a page's address also answers ActivityPub JSON (a post or a profile), so its
 * answers vary on `Accept`; every other page is HTML whatever the reader accepts.
 */
export function isNegotiatedPage(pathname: string): boolean {
  return POST_PAGE_RE.test(pathname) || PROFILE_PAGE_RE.test(pathname);
}

/** Whether an `Accept` header asks for ActivityPub JSON rather than a page. */
export function wantsActivityJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const value = accept.toLowerCase();
  return (
    value.includes("application/activity+json") ||
    (value.includes("application/ld+json") &&
      value.includes("https://www.w3.org/ns/activitystreams"))
  );
}
