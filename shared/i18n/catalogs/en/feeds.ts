/** English messages of the feeds (RSS, Atom, JSON Feed) and their autodiscovery links. */
const feeds = {
  blog: {
    title: "{{app}} blog",
    description: "Posts published by the writers of {{app}}.",
  },
  author: {
    title: "Posts by {{name}}",
    description: "The posts {{name}} publishes on {{app}}.",
  },
  collection: {
    title: "{{title}}, by {{name}}",
    description: "Public entries of the collection “{{title}}” by {{name}}.",
  },
  /** `title` of a `<link rel="alternate">`: what the feed is, then its format. */
  alternate: "{{title}} ({{format}})",
};

export default feeds;
