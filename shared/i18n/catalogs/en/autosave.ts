/**
 * English messages of the editors' autosave (ADR 047): the status line under the form, and
 * the offer of unpublished changes kept on the server.
 */
const autosave = {
  status: {
    saving: "Saving…",
    saved: "Saved at {{time}}.",
    held: "Readers see these changes only once you press “{{action}}”.",
    offline:
      "Offline: your changes are kept in this browser and saved when the connection returns.",
    offlineNotKept:
      "Offline, and this browser cannot keep your changes: leave this page open until the connection returns.",
    failed: "Not saved automatically: {{reason}}",
    invalid: "a field needs fixing. Press “{{action}}” to see which.",
    needsTitle:
      "Kept in this browser at {{time}}. Write a title or some text to save it to your account.",
    paused: "Saving automatically is paused until you choose a version above.",
  },
  /**
   * The title an autosave gives a record whose text has no words and whose writer gave no
   * title yet (otherwise its first words stand in); the writer's title replaces it.
   */
  untitled: "Untitled",
  /** Under the empty title field of a record saved under a stand-in title. */
  standIn: "Saved as “{{title}}” until you give it a title.",
  /** The way out of the editor: what was typed is kept, so it closes rather than cancels. */
  close: "Close",
  offer: {
    found: "Restore your unsaved changes from {{time}}?",
    hint: "They were saved automatically, but readers do not see them yet.",
    restore: "Restore them",
    discard: "Discard them",
    restored: "Your changes are back. Press “{{action}}” to publish them.",
    discarded: "The unsaved changes were discarded.",
  },
  /**
   * On a New page, the offer of the latest draft started on a New page and never saved (a tab
   * closed mid-entry); `time` has the date too when it is not today.
   */
  started: {
    found: "Continue “{{title}}” from {{time}}?",
    foundUntitled: "Continue your untitled draft from {{time}}?",
    kept: "It was saved automatically and is in My writing too; starting afresh leaves it there.",
    continue: "Continue",
    discard: "Start afresh",
    continued: "Your draft is back: carry on where you left off.",
    discarded: "Starting afresh.",
  },
};

export default autosave;
