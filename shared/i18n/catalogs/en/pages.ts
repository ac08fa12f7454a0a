/** English messages of the static pages: home, team, privacy policy. */
const pages = {
  home: {
    title: "Home",
    heroTitle: "Write for yourself. Publish for everyone.",
    heroText:
      "{{site}} keeps your private journal and your public blog in one place, on a server you run yourself. Entries stay private until you decide otherwise.",
    signUp: "Create your journal",
    readBlog: "Read the blog",
    latestPosts: "Latest posts",
    noPosts: "Nothing has been published yet.",
    welcome: "Welcome back, {{name}}",
    welcomeText: "Pick up where you left off, or start a new entry.",
    recentEntries: "Your recent entries",
    noEntries: "You have not written any entry yet.",
    seeArchive: "See the whole archive",
  },
  team: {
    title: "Team",
    intro: "The people who write and look after {{site}}.",
    empty: "No writers yet.",
  },
  privacy: {
    title: "Privacy policy",
    updated: "This policy applies to {{site}}.",
    intro:
      "{{site}} is self-hosted: the person or organisation that runs this server is the only one holding your data. Nothing is sent to the authors of the software or to any third party.",
    collectedTitle: "What we store",
    collected:
      "Your account (email address, username, optional name, avatar and biography, preferred language), what you write (entries, posts, collections and their attachments), and technical records needed to run the service (creation and update dates, the server's request logs).",
    purposeTitle: "Why",
    purpose:
      "Only to provide the service: sign you in, keep your writing, show it to the people you chose, and send the emails you ask for (address verification, password reset).",
    visibilityTitle: "Who can read your writing",
    visibility:
      "Entries and collections are private by default: only you can read them. Unlisted ones can be read by anyone who has the link; public ones are listed on the site. Published posts are public. Your email address is never shown to others unless you make it visible.",
    cookiesTitle: "Cookies and local storage",
    cookies:
      "Your browser stores your sign-in session and your language choice in its local storage, mirrored in two cookies (pb_auth and locale) so that pages are rendered for you by the server. There are no advertising or tracking cookies.",
    rightsTitle: "Your rights",
    rights:
      "You can see and correct your profile at any time in your profile settings, and delete what you wrote. You can ask the administrators of this server for a copy of your data or for the deletion of your account.",
    contactTitle: "Contact",
    contact: "For any question about your data, contact the administrators of {{site}}.",
  },
} as const;

export default pages;
