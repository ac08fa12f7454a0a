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
