/**
 * English messages of the comments' emails (ADR 065): a comment held for the record's author,
 * the daily digest of held comments, and a reply to a commenter who asked for it. Only the
 * server renders them, so this namespace is not part of the web app's catalogs (`index.ts`).
 * `{{name}}` placeholders are filled in and HTML-escaped by `server/core/comments/comment-mail.ts`.
 */
const commentMail = {
  heldSubject: "A comment awaits your approval on “{{title}}”",
  heldIntro:
    "{{commenter}} commented on “{{title}}”. Nobody else sees the comment until you approve it:",
  digestSubject: "{{count}} comments await your approval on {{appName}}",
  digestSubjectOne: "1 comment awaits your approval on {{appName}}",
  digestIntro:
    "These comments on your writing arrived since yesterday. Nobody else sees them until you approve them:",
  digestItem: "{{commenter}} on “{{title}}”:",
  moderate: "Review comments",
  replySubject: "{{commenter}} answered your comment on “{{title}}”",
  replyIntro: "{{commenter}} answered your comment on “{{title}}”:",
  read: "Read the conversation",
  whyReply: "You receive this email because you asked to be told of replies to your comment.",
  guest: "A guest",
};

export default commentMail;
