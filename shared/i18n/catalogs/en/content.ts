/**
 * English messages of the content pages of the site itself: the home page, the team page and
 * the frame of the privacy policy (its long text lives in `app/content/`).
 */
const content = {
  home: {
    title: "Home",
    description:
      "{{site}} is a private journal and a public blog on a server run by the people you trust: write entries for yourself, publish posts for everyone.",
    hero: {
      eyebrow: "A journal and a blog, self-hosted",
      title: "Write for yourself. Publish for everyone.",
      text: "{{site}} keeps your private journal and your public blog in one place, on a server run by people you trust. Entries stay private until you decide otherwise.",
      signUp: "Create your journal",
      logIn: "Log in",
      readBlog: "Read the blog",
    },
    features: {
      label: "What {{site}} offers",
      journal: {
        title: "A journal that stays yours",
        text: "Every entry is private by default. Share one by link or publish it when you are ready.",
      },
      blog: {
        title: "A blog for the writers",
        text: "Writers draft, schedule and publish posts that anyone can read, no account needed.",
      },
      selfHosted: {
        title: "Hosted here, not elsewhere",
        text: "Everything stays on this server: no advertising, no tracking, no third-party services.",
      },
    },
    greeting: "Welcome back, {{name}}",
    greetingText: "Pick up where you left off, or start today's entry.",
    greetingNew: "Welcome, {{name}}",
    greetingNewText:
      "Your journal is ready. Start with a first entry: it stays private until you choose otherwise.",
    newEntry: "New entry",
    newPost: "New post",
    archive: "Archive",
    instances: "Instances",
    superuserText:
      "You are signed in as a superuser: you manage this instance rather than write in it.",
    recentEntries: "Your recent entries",
    noEntries:
      "You have not written any entries yet. Your first one stays private until you choose otherwise.",
    writeFirstEntry: "Write your first entry",
    latestPosts: "Latest posts",
    allPosts: "All posts",
    noPosts: "Nothing has been published yet.",
    noPostsWriter: "Nothing has been published yet: yours could be the first post.",
    writeFirstPost: "Write the first post",
    noPostsVisitor:
      "Nothing has been published yet. Come back soon, or start your own journal now.",
    byline: "By {{name}}",
  },
  sitePage: {
    draftNotice: "A draft: only you and the administrators see this page until it is published.",
  },
  team: {
    title: "Team",
    description: "The writers and administrators of {{site}}.",
    intro: "The people who write and look after {{site}}.",
    empty:
      "Nobody here yet. Writers and administrators appear on this page once an administrator gives them a role.",
    profileLink: "Profile of {{name}}",
  },
  privacy: {
    title: "Privacy policy",
    description:
      "What {{site}} stores about you, who can read it, how long it is kept and how to have it deleted.",
    lastUpdated: "Last updated: {{date}}",
    contents: "Contents",
  },
} as const;

export default content;
