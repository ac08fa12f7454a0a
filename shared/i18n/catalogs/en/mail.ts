/**
 * English messages of the emails the server sends (verification, password reset, email change,
 * sign-in code, someone using one's address). Only the server renders them, so this namespace
 * is not part of the web app's catalogs (`index.ts`): browsers never download it. `{{name}}`
 * placeholders are filled in and HTML-escaped by `server/core/mail/templates.ts`;
 * `{{appName}}` is the site's name (its settings), never a name written here.
 */
const mail = {
  greeting: "Hello {{name}},",
  greetingNoName: "Hello,",
  signature: "The {{appName}} team",
  linkFallback: "If the button does not work, copy this address into your browser:",
  verification: {
    subject: "Verify your email address for {{appName}}",
    intro: "Thank you for joining {{appName}}. Confirm your email address with the button below.",
    action: "Verify my email address",
    expires: "The link expires in 24 hours.",
    ignore: "If you did not create an account, you can ignore this email.",
  },
  passwordReset: {
    subject: "Reset your password for {{appName}}",
    intro:
      "Someone asked to reset the password of your account on {{appName}}. Choose a new one with the button below.",
    action: "Choose a new password",
    expires: "The link expires in 30 minutes.",
    ignore: "If you did not ask for it, you can ignore this email: your password stays the same.",
  },
  emailChange: {
    subject: "Confirm your new email address for {{appName}}",
    intro:
      "Confirm {{email}} as the new email address of your account on {{appName}} with the button below.",
    action: "Confirm my new email address",
    expires: "The link expires in 30 minutes.",
    ignore: "If you did not ask to change your email address, you can ignore this email.",
  },
  otp: {
    subject: "Your sign-in code for {{appName}}",
    intro: "Enter this code to sign in to {{appName}}:",
    expires: "The code expires in 3 minutes and works only once.",
    ignore: "If you did not ask for a code, you can ignore this email.",
  },
  /** Someone tried to use the recipient's address for another account (ADR 061). */
  addressInUse: {
    subject: "Someone tried to use your email address on {{appName}}",
    signUp:
      "Someone just tried to create an account on {{appName}} with your email address, {{email}}. It is already the address of your account, so no account was created and nothing changed in yours.",
    emailChange:
      "Someone signed in to another account on {{appName}} just asked to give it your email address, {{email}}. It is already the address of your account, so nothing changed.",
    ifYou:
      "If it was you, you already have an account: sign in with this address, or choose a new password if you have forgotten it.",
    ifNotYou:
      "If it was not you, you can ignore this email: nobody can use your address without your mailbox.",
    signInAction: "Sign in",
    resetAction: "Choose a new password",
  },
};

export default mail;
