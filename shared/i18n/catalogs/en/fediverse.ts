/**
 * English messages of the fediverse (ADR 071): the handle on a writer's profile, a post's
 * likes and boosts, and the writer's followers page (`/writing/followers`).
 */
const fediverse = {
  handle: {
    label: "On the fediverse",
    copy: "Copy the handle",
    copied: "Handle copied.",
  },
  reactions: {
    likes_one: "{{count}} like",
    likes_other: "{{count}} likes",
    boosts_one: "{{count}} boost",
    boosts_other: "{{count}} boosts",
    both: "{{first}} and {{second}} from the fediverse",
    one: "{{what}} from the fediverse",
  },
  followers: {
    link: "Followers",
    title: "Followers on the fediverse",
    intro:
      "People who follow you from Mastodon and other fediverse servers get your published posts. Search your handle there to be found.",
    back: "Back to my writing",
    notWriter: "Only writers have followers on the fediverse.",
    approveSetting: "Approve new followers myself",
    save: "Save",
    held_one: "{{count}} follow waiting for approval",
    held_other: "{{count}} follows waiting for approval",
    count_one: "{{count}} follower",
    count_other: "{{count}} followers",
    none: "Nobody follows you on the fediverse yet.",
    since: "Since",
    approve: "Approve",
    approveLabel: "Approve the follow of {{name}}",
    reject: "Refuse",
    rejectLabel: "Refuse the follow of {{name}}",
    remove: "Remove",
    removeLabel: "Remove {{name}} from your followers",
    block: "Block",
    blockLabel: "Block {{name}}",
    blocks: "Blocked accounts and domains",
    domain: "Domain to block",
    domainHint: "A whole server, like example.social: its accounts stop following you.",
    domainInvalid: "Enter a domain, like example.social.",
    blockDomain: "Block the domain",
    noBlocks: "You have blocked nobody.",
    blockedDomain: "{{value}} (the whole domain)",
    unblock: "Unblock",
    unblockLabel: "Unblock {{value}}",
    done: {
      approved: "The follow was approved.",
      rejected: "The follow was refused.",
      removed: "The follower was removed.",
      blocked: "Blocked: they no longer follow you.",
      unblocked: "The block was lifted.",
      saved: "Saved.",
    },
  },
};

export default fediverse;
