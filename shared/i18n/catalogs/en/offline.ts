/**
 * English messages of the installable app and its offline mode (issue 28, ADR 072): the
 * status in the shell, the desk's offline lists, conflicts, the install offer, the setting,
 * the sign-out warning and the worker's offline page.
 */
const offline = {
  status: {
    offline: "Offline",
    waiting_one: "{{count}} change waiting",
    waiting_other: "{{count}} changes waiting",
    sending: "Sending {{count}} waiting changes…",
    savedCopy: "Saved copy",
    savedCopyAt: "Saved copy from {{time}}: you are offline, this page may be out of date.",
  },
  desk: {
    heading: "In this browser",
    intro: "You are offline. What you write here is kept and sent when the connection returns.",
    waiting: "Waiting to be sent",
    noWaiting: "Nothing waits to be sent.",
    recent: "Saved copies you can read offline",
    noRecent: "No saved copy yet.",
    write: "Write a new entry",
    untitled: "Untitled",
    created: "new",
    edited: "edited",
  },
  conflicts: {
    heading: "Changes made elsewhere meanwhile",
    body: "“{{title}}” was changed on another device while you edited it offline. The other device’s version is kept as it is; yours waits as unsaved changes in its editor, where you choose which to keep.",
    open: "Open “{{title}}” to choose",
    dismiss: "Dismiss",
  },
  files: {
    heading: "Files waiting to be sent",
    waiting: "waiting to be sent",
    remove: "Remove {{name}} before it is sent",
    preview: "Preview of {{name}}",
    kept: "Kept in this browser with its files: it will be sent when the connection returns.",
    noRoom:
      "This browser cannot keep these files offline: there is not enough room. Your text is kept; add the files again once you are online.",
    sizeKb: "{{size}} KB",
    sizeMb: "{{size}} MB",
  },
  install: {
    offer: "Install Cahier as an app",
    dismiss: "Not now",
    dismissLabel: "Do not offer to install the app again",
  },
  settings: {
    heading: "Offline",
    keptPages: "Pages kept for reading offline",
    keptPagesHint:
      "The last pages you opened (entries, posts, your desk) stay readable in this browser without a network.",
    save: "Save",
    saved: "Saved.",
  },
  signOut: {
    confirm_one:
      "{{count}} change made offline has not been sent yet. Signing out deletes it from this browser. Sign out anyway?",
    confirm_other:
      "{{count}} changes made offline have not been sent yet. Signing out deletes them from this browser. Sign out anyway?",
  },
  page: {
    title: "Offline",
    heading: "You are offline",
    body: "This page was not saved in this browser. Your desk and the editor work offline.",
    desk: "Go to my writing",
    write: "Write a new entry",
  },
};

export default offline;
