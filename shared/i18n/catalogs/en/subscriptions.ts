/**
 * English messages of email subscriptions (ADR 065): the subscribe form of the blog, an
 * author's profile and a public collection; the pages of the mails' links (confirm,
 * unsubscribe, manage); the writer's subscribers; the post's "email it" choice; the admin's
 * sending settings.
 */
const subscriptions = {
  form: {
    heading: {
      blog: "Get new posts by email",
      author: "Get {{name}}’s new posts by email",
      collection: "Get new entries of {{name}} by email",
    },
    intro: "One email per new post, with a link to unsubscribe in each. No account needed.",
    email: "Email address",
    asAccount: "New posts will be sent to {{email}}.",
    submit: "Subscribe",
    outcome: {
      check: "Check your mailbox to confirm: we sent you a link.",
      done: "You are subscribed. Every email has a link to unsubscribe.",
    },
    fields: "Please check the email address.",
    gone: "This page cannot be subscribed to any more.",
    forbidden: "You cannot subscribe to this page.",
    tooMany: "Too many subscription requests. Please try again in a few minutes.",
  },
  link: {
    invalid:
      "This link is invalid or has expired. Use the link of a more recent email, or subscribe again from the page you follow.",
    missing: "This link is incomplete. Open it again from the email, in one piece.",
    tooMany: "Too many attempts. Please try again in a few minutes.",
  },
  confirm: {
    title: "Confirm your subscription",
    intro: "Confirm that you want to receive new posts at this address.",
    submit: "Confirm my subscription",
    done: "Your subscription is confirmed. New posts will arrive by email.",
  },
  unsubscribe: {
    title: "Unsubscribe",
    intro: "Stop receiving these emails. You can subscribe again at any time.",
    submit: "Unsubscribe",
    done: "You are unsubscribed. No more of these emails will be sent to you.",
  },
  manage: {
    title: "Your email subscriptions",
    intro: "Every subscription of your address.",
    introFor: "Every subscription of {{email}}.",
    empty: "This address has no subscription.",
    suppressed:
      "Your mail server refused our emails for good, so we stopped sending. Subscribe again from the page you follow once it accepts them.",
    frequency: "How often for {{target}}",
    save: "Save",
    unsubscribe: "Unsubscribe",
    unsubscribeFrom: "Unsubscribe from {{target}}",
    resubscribe: "Subscribe again",
    resubscribeTo: "Subscribe again to {{target}}",
    refused: "This change could not be made. Please try again.",
    saved: "Your change is saved.",
  },
  status: {
    pending: "Waiting for confirmation",
    confirmed: "Subscribed",
    unsubscribed: "Unsubscribed",
    suppressed: "Stopped (address refused)",
  },
  frequency: {
    each: "At each new post",
    weekly: "Weekly digest",
  },
  targets: {
    blog: "The blog",
    author: "Posts by {{name}}",
    authorUnnamed: "An author’s posts",
    collection: "The collection {{name}}",
    collectionUnnamed: "A collection",
  },
  subscribers: {
    title: "Subscribers",
    description: "The people who get your new posts by email.",
    intro:
      "The people who get your new posts and your public collections’ new entries by email. Only you and the administrators see their addresses.",
    link: "Subscribers",
    back: "My writing",
    filters: "Filter subscribers",
    target: "Following",
    allTargets: "Everything",
    status: "Status",
    allStatuses: "Any status",
    search: "Address contains",
    apply: "Filter",
    export: "Export",
    exportOf: "{{target}} (CSV)",
    empty:
      "Nobody has subscribed yet. The subscribe form is on your profile and your public collections.",
    noMatch: "No subscriber matches these filters.",
    count_one: "{{count}} subscriber",
    count_other: "{{count}} subscribers",
    badTarget: "This export names nothing to export.",
    exportRefused: "You may not export these subscribers.",
  },
  editor: {
    mail: "Email this post to subscribers",
    mailHint: "Sent once, when the post goes live. Uncheck to publish it without an email.",
  },
  settings: {
    heading: "Subscription emails",
    intro: "How fast new posts are sent to subscribers, so your mail server is never flooded.",
    ratePerMinute: "Emails per minute",
    ratePerMinuteHint: "At most, over every post being sent.",
    batchSize: "Recipients per job",
    batchSizeHint: "A crash repeats at most the email in flight.",
    save: "Save subscription settings",
    saving: "Saving…",
    saved: "Subscription settings saved.",
    failed: "The subscription settings could not be saved.",
  },
  post: {
    subscribe: "Subscribe by email",
  },
};

export default subscriptions;
