/** English messages of the fediverse (ADR 071): the handle on a writer's profile. */
const fediverse = {
  handle: {
    label: "On the fediverse",
    copy: "Copy the handle",
    copied: "Handle copied.",
  },
};

export default fediverse;
