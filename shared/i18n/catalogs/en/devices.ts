/** English messages of the devices list in profile settings (ADR 053). */
const devices = {
  list: {
    heading: "Devices",
    intro:
      "Where your account is signed in. Sign out a device you do not recognise, then change your password.",
    loading: "Loading your devices…",
    loadFailed: "Your devices could not be loaded.",
    empty: "No device is recorded yet.",
    thisDevice: "This device",
    superuserAccess: "Superuser access",
    superuserAccessHint: "A superuser viewed your account as you from this device.",
    unknown: "Unknown device",
    nameOn: "{{browser}} on {{system}}",
    ip: "IP address",
    firstSeen: "First seen",
    lastSeen: "Last seen",
    signOut: "Sign out",
    signOutLabel: "Sign out {{name}}",
    signOutTitle: "Sign out this device?",
    signOutBody: "{{name}} will be signed out at its next request and will need to log in again.",
    signedOut: "The device was signed out.",
    signOutOthers: "Sign out all other devices",
    signOutOthersTitle: "Sign out all other devices?",
    signOutOthersBody:
      "Every device but this one will be signed out at its next request and will need to log in again.",
    signedOutOthers: "Every other device was signed out.",
    cancel: "Cancel",
    viewAsNotice: "A superuser viewing as this account cannot sign its devices out.",
  },
  // Offered after a change of how the account signs in: the password, two-step verification,
  // a passkey.
  otherDevices: {
    signOut: "Sign out of all other devices",
    passwordHint:
      "A new password ends every other session anyway; this also removes the other devices from the list, so signing in on them again is announced by email.",
    factorHint:
      "Your other devices stay signed in unless you tick this. Tick it if one of them may be in someone else's hands.",
  },
};

export default devices;
