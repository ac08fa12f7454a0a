/**
 * English messages of the new-device email (ADR 053, PocketBase's auth alert). Only the
 * server renders it, so this namespace is not part of the web app's catalogs (`index.ts`).
 * `{{name}}` placeholders are filled in and HTML-escaped by `server/core/mail/device-mail.ts`.
 */
const deviceMail = {
  subject: "New sign-in to your account on {{appName}}",
  intro:
    "Your account on {{appName}} ({{email}}) was just signed in from a device it had not used before:",
  device: "Device: {{device}}",
  ip: "IP address: {{ip}}",
  time: "Time: {{time}}",
  ifYou: "If it was you, there is nothing to do.",
  ifNotYou: "If it was not you, sign that device out in your settings, then change your password.",
  devicesAction: "Review my devices",
  passwordAction: "Change my password",
  unknownDevice: "Unknown device",
  /** A device as `deviceName` names it: its browser on its system. */
  deviceOn: "{{browser}} on {{system}}",
  unknownIp: "unknown",
};

export default deviceMail;
