/**
 * English messages of the email sent when an account's address is first proven and the ways
 * in set up before were removed (ADR 056). Only the server renders it, so this namespace is
 * not part of the web app's catalogs (`index.ts`). `{{name}}` placeholders are filled in and
 * HTML-escaped by `server/core/mail/address-proven-mail.ts`; `_one`/`_other` are chosen by
 * the count's plural category.
 */
const addressProvenMail = {
  subject: "Your email address for {{appName}} is confirmed",
  intro:
    "The email address of your account on {{appName}} ({{email}}) is now confirmed. Ways into the account set up before it was confirmed could have been added by someone who registered your address before you did, so they were removed:",
  passkeys_one: "{{count}} passkey",
  passkeys_other: "{{count}} passkeys",
  authenticator: "the authenticator app of two-step verification",
  links_one: "{{count}} linked account (Google, GitHub…)",
  links_other: "{{count}} linked accounts (Google, GitHub…)",
  devices_one: "{{count}} signed-in device",
  devices_other: "{{count}} signed-in devices",
  ifYou: "If you set them up yourself, log in and add them again in your settings.",
  ifNotYou:
    "If you did not create this account, someone else did with your address: reset its password so that only you know it.",
  settingsAction: "Open my settings",
  resetAction: "Reset my password",
};

export default addressProvenMail;
