/**
 * English messages of the content pages: entries, posts, collections, items, the archive,
 * the blog, profiles and profile settings.
 */
const records = {
  meta: {
    by: "by {{name}}",
    createdOn: "Created on {{date}}",
    updatedOn: "Updated on {{date}}",
    publishedOn: "Published on {{date}}",
    date: "Date",
    author: "Author",
    tags: "Tags",
    status: "Status",
  },
  archive: {
    title: "Archive",
  },
  blog: {
    title: "Blog",
    intro: "Posts published by the writers of {{site}}.",
    empty: "Nothing has been published yet.",
    readMore: "Read “{{title}}”",
  },
  collections: {
    title: "Collections",
  },
  entry: {
    createTitle: "New entry",
    updateTitle: "Edit entry",
    editLink: "Edit this entry",
    content: "Content",
    noContent: "This entry is empty.",
  },
  post: {
    createTitle: "New post",
    updateTitle: "Edit post",
    editLink: "Edit this post",
    draft: "Draft",
    published: "Published",
    scheduled: "Scheduled",
  },
  collection: {
    createTitle: "New collection",
    updateTitle: "Edit collection",
  },
  items: {
    title: "Instances",
    intro: "Items managed by the administrators of {{site}}.",
    empty: "No items yet.",
    create: "New item",
    createTitle: "New item",
    updateTitle: "Edit item",
    editLink: "Edit this item",
    code: "Code",
    name: "Name",
    status: "Status",
    active: "Active",
    archived: "Archived",
    data: "Data",
  },
  profile: {
    entries: "Public entries",
    posts: "Posts",
    noEntries: "No public entries yet.",
    noPosts: "No posts yet.",
    settingsLink: "Profile settings",
    memberSince: "Member since {{date}}",
  },
  settings: {
    title: "Profile settings",
    intro: "How you appear to others, and the language of the interface.",
    saved: "Your profile was saved.",
    language: "Language",
  },
  form: {
    title: "Title",
    name: "URL name",
    nameHint: "Letters, digits and dashes; made from the title when left empty.",
    content: "Content",
    contentHint: "Markdown is welcome.",
    excerpt: "Excerpt",
    description: "Description",
    date: "Date",
    tags: "Tags",
    tagsHint: "Separated by commas.",
    status: "Status",
    publishedAt: "Publication date",
    collection: "Collection",
    noCollection: "No collection",
    bio: "Biography",
    displayName: "Name",
    failed: "The changes could not be saved. Check the fields below.",
  },
  /** Shown instead of a writing form to a superuser, who owns no entries, posts or collections. */
  superuserNotice: {
    heading: "Superusers don't write",
    text: "Superusers manage the site but don't write: sign in with a user account to write.",
    admin: "Go to the administration",
  },
} as const;

export default records;
