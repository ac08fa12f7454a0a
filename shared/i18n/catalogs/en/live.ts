/**
 * English messages of live updates: the connection indicator, the notice of new items held
 * above a list, an open entry or post that changed, left or was deleted elsewhere, and the
 * editor's warning when the record it edits was changed elsewhere.
 */
const live = {
  status: {
    live: "Live",
    liveLabel: "Live updates are on: this page updates when the content changes.",
    reconnecting: "Reconnecting…",
    reconnectingLabel: "Live updates are interrupted; reconnecting.",
  },
  /** What an open record is, when readers cannot all see it (instead of "Live"). */
  state: {
    draft: "Draft",
    scheduled: "Scheduled",
    private: "Private",
    unlisted: "Unlisted",
  },
  newItems: {
    posts_one: "{{count}} new post",
    posts_other: "{{count}} new posts",
    entries_one: "{{count}} new entry",
    entries_other: "{{count}} new entries",
    items_one: "{{count}} new item",
    items_other: "{{count}} new items",
    show: "Show",
  },
  record: {
    updated: "This page was updated with the latest version.",
    goneEntry: "This entry was deleted or is no longer shared with you.",
    gonePost: "This post was deleted, unpublished, or is no longer shared with you.",
    goneHint: "What you were reading is no longer available.",
    backToArchive: "Go to the archive",
    backToBlog: "Go to the blog",
  },
  conflict: {
    changedEntry: "This entry was changed elsewhere at {{time}}.",
    changedPost: "This post was changed elsewhere at {{time}}.",
    changedHint: "Your version here is not saved over theirs unless you choose to.",
    deletedEntry: "This entry was deleted elsewhere. Saving will fail; copy what you want to keep.",
    deletedPost: "This post was deleted elsewhere. Saving will fail; copy what you want to keep.",
    reload: "Reload their version",
    keep: "Keep mine",
    kept: "You keep your version; saving will replace theirs.",
    reloaded: "Their version is loaded.",
    confirmTitle: "Replace the newer version?",
    confirmText:
      "Someone saved this record at {{time}}, after you opened it. Saving now replaces their changes with yours.",
    confirmSave: "Save mine anyway",
    confirmCancel: "Don't save",
  },
};

export default live;
