/** English messages of the fediverse (ADR 071): the handle on a writer's profile. */
const fediverse = {
  handle: {
    label: "On the fediverse",
    hint: "Follow {{name}} from Mastodon or any fediverse app with this handle.",
    copy: "Copy the handle",
    copied: "Handle copied.",
  },
};

export default fediverse;
