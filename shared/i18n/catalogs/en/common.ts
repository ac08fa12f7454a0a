/** English messages of the shared shell: header, navigation, footer, generic states. */
const common = {
  app: {
    name: "Cahier",
    tagline: "A private journal and a public blog",
  },
  skipLink: "Skip to main content",
  header: {
    home: "{{app}}, home",
    mainNav: "Main navigation",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    switchLanguage: "Fr",
    switchLanguageLabel: "Passer en français",
    account: "Account",
    profileLink: "{{name}}, your profile",
    logout: "Log out",
    siteNav: "Site links",
    externalLink: "(another site)",
  },
  theme: {
    toggle: "Colour theme: {{current}}. Switch to {{next}}",
    system: "System",
    light: "Light",
    dark: "Dark",
    saveFailed: "Your theme could not be saved to your account. It stays in this browser.",
  },
  nav: {
    home: "Home",
    blog: "Blog",
    login: "Login",
    signUp: "Sign up",
    newEntry: "New entry",
    archive: "Archive",
    newPost: "New post",
    instances: "Instances",
    collections: "Collections",
    writing: "My writing",
  },
  footer: {
    label: "Site information",
    team: "Team",
    privacyPolicy: "Privacy policy",
    about: "{{site}}, a self-hosted journal and blog.",
  },
  avatar: {
    alt: "Avatar of {{name}}",
  },
  loading: "Loading…",
  actions: {
    save: "Save",
    saving: "Saving…",
    cancel: "Cancel",
    edit: "Edit",
    create: "Create",
    previous: "Previous page",
    next: "Next page",
  },
  pagination: {
    label: "Pagination",
    page: "Page {{page}} of {{total}}",
  },
  roles: {
    writer: "Writer",
    admin: "Admin",
    superuser: "Superuser",
  },
  languages: {
    en: "English",
    fr: "Français",
  },
  visibility: {
    label: "Visibility",
    private: "Private",
    unlisted: "Unlisted",
    public: "Public",
  },
} as const;

export default common;
