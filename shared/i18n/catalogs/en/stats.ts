/**
 * English messages of the privacy-first statistics (ADR 070): the writer's statistics page,
 * a work's, the site's (superusers), the chart and its table, referrers and feed subscribers.
 * Not in the browser's catalog (guest pages never need it, and their byte budgets stay as
 * they are): the pages' loaders read it on the server (`stats-labels.server.ts`) and hand
 * their labels to the components.
 */
const stats = {
  link: "Statistics",
  title: "Statistics",
  intro:
    "Views and readers of your posts and public entries, counted on the server without cookies. A reader is counted once a day per page.",
  siteTitle: "Site statistics",
  siteIntro: "Views and readers of the whole site, its pages and its feeds.",
  workTitle: "Statistics: {{title}}",
  back: "All my statistics",
  backToWriting: "My writing",
  privacy: "What is counted",
  range: {
    label: "Period",
    days: "Last {{count}} days",
    show: "Show",
  },
  totals: "{{views}} views, {{readers}} readers from {{from}} to {{to}}.",
  chart: {
    title: "Views and readers per day",
    desc: "From {{from}} to {{to}}: {{views}} views, {{readers}} readers; busiest day {{peak}} with {{peakViews}} views.",
    empty: "From {{from}} to {{to}}: no views yet.",
    views: "Views",
    readers: "Readers",
    table: "The figures per day",
    day: "Day",
  },
  works: {
    heading: "Your works",
    headingSite: "Most read works",
    work: "Work",
    kind: "Kind",
    posts: "Post",
    entries: "Entry",
    none: "None of your posts or entries was read in this period.",
  },
  pages: { heading: "Site pages", page: "Page" },
  retention: {
    heading: "How long figures are kept",
    intro:
      "Daily totals older than this are deleted every day. The readers' daily salts and hashes are always deleted the next day.",
    days: "Days kept",
    hint: "0 keeps them forever; at most 36,500.",
    save: "Save",
    saving: "Saving…",
    saved: "Saved.",
    failed: "The setting could not be saved.",
  },
  referrers: {
    heading: "Top referrers",
    host: "Site",
    none: "No visits came from another site in this period.",
  },
  feeds: {
    heading: "Feed subscribers",
    intro: "As feed readers (Feedly, Inoreader, NewsBlur…) report them when they fetch a feed.",
    feed: "Feed",
    subscribers: "Subscribers",
    readers: "Reported by",
    none: "No feed reader reported subscribers in this period.",
  },
};

export default stats;
