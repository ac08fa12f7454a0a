/**
 * English messages of the emails the server sends (verification, password reset, email change,
 * sign-in code). Only the server renders them, so this namespace is not part of the web app's
 * catalogs (`index.ts`): browsers never download it. `{{name}}` placeholders are filled in and
 * HTML-escaped by `server/core/mail/templates.ts`.
 */
const mail = {
  appName: "Cahier",
  greeting: "Hello {{name}},",
  greetingNoName: "Hello,",
  signature: "The Cahier team",
  linkFallback: "If the button does not work, copy this address into your browser:",
  verification: {
    subject: "Verify your Cahier email address",
    intro: "Thank you for joining Cahier. Confirm your email address with the button below.",
    action: "Verify my email address",
    expires: "The link expires in 24 hours.",
    ignore: "If you did not create an account, you can ignore this email.",
  },
  passwordReset: {
    subject: "Reset your Cahier password",
    intro:
      "Someone asked to reset the password of your Cahier account. Choose a new one with the button below.",
    action: "Choose a new password",
    expires: "The link expires in 30 minutes.",
    ignore: "If you did not ask for it, you can ignore this email: your password stays the same.",
  },
  emailChange: {
    subject: "Confirm your new Cahier email address",
    intro:
      "Confirm {{email}} as the new email address of your Cahier account with the button below.",
    action: "Confirm my new email address",
    expires: "The link expires in 30 minutes.",
    ignore: "If you did not ask to change your email address, you can ignore this email.",
  },
  otp: {
    subject: "Your Cahier sign-in code",
    intro: "Enter this code to sign in to Cahier:",
    expires: "The code expires in 3 minutes and works only once.",
    ignore: "If you did not ask for a code, you can ignore this email.",
  },
};

export default mail;
