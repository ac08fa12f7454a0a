/**
 * English messages of the shell's behaviours: notifications (and the request errors they
 * report), the page loading bar and the announcement of a new page.
 */
const shell = {
  shortcuts: {
    heading: "Keyboard shortcuts",
    general: "Everywhere",
    editor: "In the editor",
    search: "Search",
    list: "Show this list",
    close: "Close a dialog, the menu or focus mode",
    save: "Save",
    bold: "Bold",
    italic: "Italic",
    link: "Link",
    focus: "Focus mode",
    leaveList: "Leave a list",
    shift: "Shift",
    closeButton: "Close",
  },
  notifications: {
    label: "Notifications",
    dismiss: "Dismiss notification",
    loggedIn: "Welcome back, {{name}}.",
    signedUp: "Welcome to {{site}}, {{name}}! Your account is ready.",
    loggedOut: "You are logged out.",
    sessionExpired:
      "You were signed out on this device, from another device or because the session ended. Please log in again.",
    created: "Created.",
    saved: "Changes saved.",
    localeFailed: "The language could not be loaded. Please try again.",
    localeSaveFailed:
      "The language could not be saved to your account: mails and your next sign-in keep the previous one.",
  },
  requestErrors: {
    invalidFields: "Some fields need your attention.",
    unauthorized: "Please log in to continue.",
    forbidden: "You are not allowed to do that.",
    notFound: "The requested resource wasn't found.",
    tooManyRequests: "Too many requests. Please wait a moment and try again.",
  },
  navigation: {
    loading: "Loading page…",
  },
} as const;

export default shell;
