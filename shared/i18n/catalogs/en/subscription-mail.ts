/**
 * English messages of the subscription emails (ADR 065): the confirmation of a new
 * subscription, a post or an entry mailed to subscribers, the weekly digest. Only the server
 * renders them, so this namespace is not part of the web app's catalogs (`index.ts`).
 * `{{name}}` placeholders are filled in and HTML-escaped by `server/core/subscriptions/`.
 */
const subscriptionMail = {
  targets: {
    blog: "the blog of {{appName}}",
    author: "the posts of {{name}}",
    collection: "the collection “{{title}}”",
  },
  confirm: {
    subject: "Confirm your subscription to {{target}}",
    intro:
      "Someone, hopefully you, asked to receive {{target}} by email at {{email}}. Nothing will be sent until the address is confirmed.",
    action: "Confirm my subscription",
    expires: "The link works for 7 days.",
    ignore: "If it was not you, ignore this email: this address will not be subscribed.",
    linkFallback: "If the button does not work, open this address:",
  },
  post: {
    byline: "A new post by {{author}} on {{appName}}",
    read: "Read it on the site",
    comment: "Comment",
  },
  entry: {
    byline: "A new entry in {{collection}}, by {{author}}",
    read: "Read it on the site",
    comment: "Comment",
  },
  digest: {
    subject: "This week on {{appName}}",
    intro: "What was published this week in what you follow:",
    read: "Read",
  },
  footer: {
    why: "You receive this email because {{email}} is subscribed to {{target}}.",
    whyDigest: "You receive this weekly digest because {{email}} asked for one.",
    manage: "Manage my subscriptions",
    unsubscribe: "Unsubscribe",
  },
  signature: "— {{appName}}",
};

export default subscriptionMail;
