/**
 * English messages of passkeys: the list in the profile settings (add, rename, remove), the
 * "Log in with a passkey" button on `/login`, the passkey as the second step of a sign-in,
 * and what a refused or cancelled passkey request says.
 */
const passkeys = {
  settings: {
    heading: "Passkeys",
    intro:
      "Log in with your fingerprint, face or screen lock instead of your password. A passkey stays on your device or in your password manager, and only works on this site.",
    none: "You have no passkey yet.",
    listLabel: "Your passkeys",
    created: "Added on {{date}}",
    lastUsed: "last used on {{date}}",
    neverUsed: "never used",
    add: "Add a passkey",
    nameLabel: "Name of the new passkey",
    nameHint: "To tell your passkeys apart, for example “Laptop” or “Phone”.",
    create: "Create the passkey",
    creating: "Waiting for your device…",
    cancel: "Cancel",
    added: "Passkey “{{name}}” added.",
    rename: "Rename",
    renameNamed: "Rename “{{name}}”",
    renameLabel: "New name of “{{name}}”",
    save: "Save",
    saving: "Saving…",
    renamed: "Passkey renamed to “{{name}}”.",
    remove: "Remove",
    removeNamed: "Remove “{{name}}”",
    removeTitle: "Remove this passkey?",
    removeBody:
      "You will no longer log in with “{{name}}”. Delete it from your device or password manager too.",
    removeConfirm: "Remove the passkey",
    removed: "Passkey “{{name}}” removed.",
    impersonated: "Only the account's owner can add passkeys.",
    unverified: "Confirm your email address to add a passkey.",
    unsupported:
      "Passkeys cannot be created here: this browser or this address does not support them.",
  },
  errors: {
    cancelled: "The passkey request was cancelled or took too long. Try again when you are ready.",
    unsupported:
      "Passkeys do not work in this browser or at this address. Open the site at its usual address in an up-to-date browser.",
    exists: "This device already holds a passkey for your account.",
    failed: "This passkey was not accepted. Try again, or log in another way.",
    expired: "This request took too long. Please try again.",
    suspended: "This account is suspended. Contact the administrators of this site.",
  },
  login: {
    or: "or",
    button: "Log in with a passkey",
    busy: "Waiting for your passkey…",
  },
  challenge: {
    use: "Use a passkey instead",
    busy: "Waiting for your passkey…",
  },
};

export default passkeys;
