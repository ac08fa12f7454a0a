/**
 * English messages of the fediverse (ADR 071): the handle on a writer's profile, a post's
 * likes and boosts, and the writer's followers page (`/writing/followers`).
 */
const fediverse = {
  handle: {
    label: "On the fediverse",
    copy: "Copy the handle",
    copied: "Handle copied.",
  },
  reactions: {
    likes_one: "{{count}} like",
    likes_other: "{{count}} likes",
    boosts_one: "{{count}} boost",
    boosts_other: "{{count}} boosts",
    both: "{{first}} and {{second}} from the fediverse",
    one: "{{what}} from the fediverse",
  },
};

export default fediverse;
