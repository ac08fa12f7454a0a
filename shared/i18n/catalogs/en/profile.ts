/** English messages of the profile page (`/profile/{username}`). */
const profile = {
  description: "{{name}} on {{app}}: published posts, public entries and collections.",
  memberSince: "Member since {{date}}",
  editProfile: "Edit your profile",
  ownerNote: "This is your public profile. Unlisted items are listed here for you only.",
  about: "About {{name}}",
  unlisted: "Unlisted",
  posts: {
    title: "Posts",
    empty: "{{name}} has not published a post yet.",
    emptyOwn: "You have not published a post yet.",
    write: "Write a post",
    pages: "Pages of the posts of {{name}}",
  },
  entries: {
    title: "Entries",
    empty: "{{name}} has no public entries yet.",
    emptyOwn: "Entries you make public or unlisted appear here.",
    write: "New entry",
    pages: "Pages of the entries of {{name}}",
  },
  collections: {
    title: "Collections",
    empty: "{{name}} has no public collections yet.",
    emptyOwn: "Collections you make public or unlisted appear here.",
    create: "New collection",
  },
  feeds: {
    label: "Follow the posts of {{name}}",
    rss: "RSS",
    atom: "Atom",
    json: "JSON Feed",
  },
};

export default profile;
