/**
 * English messages of account security: the second step of a sign-in (a code from an
 * authenticator app, or a recovery code), and two-step verification in the profile settings
 * (enrolment with a QR code or a key, recovery codes, turning it off).
 */
const security = {
  challenge: {
    title: "Two-step verification",
    intro: "Your password was right. Now enter the 6-digit code your authenticator app shows.",
    introRecovery:
      "Enter one of the recovery codes you saved when you turned on two-step verification.",
    code: "Code from your authenticator app",
    codeHint: "6 digits. The app shows a new one every 30 seconds.",
    recoveryCode: "Recovery code",
    recoveryHint: "Like xxxxx-xxxxx. Each code works once.",
    useRecovery: "Use a recovery code instead",
    useApp: "Use a code from the app instead",
    submit: "Verify",
    submitting: "Verifying…",
    invalid: "This code is not right. Wait for the next code, or check your phone's clock.",
    invalidRecovery: "This recovery code is wrong or was already used.",
    expired: "This sign-in took too long. Please log in again.",
    tooManyAttempts: "Too many wrong codes. Try again in 15 minutes.",
    cancel: "Cancel and log in again",
  },
  settings: {
    heading: "Two-step verification",
    intro:
      "Besides your password, ask for a code from an authenticator app on your phone each time you log in. Someone who learns your password still cannot get in.",
    off: "Two-step verification is off.",
    on: "Two-step verification is on since {{date}}.",
    recoveryLeft_one: "{{count}} recovery code left.",
    recoveryLeft_other: "{{count}} recovery codes left.",
    recoveryNone: "No recovery code left: get new ones now.",
    start: "Turn on two-step verification",
    starting: "Preparing…",
    scan: "1. Scan this QR code with your authenticator app (Aegis, Google Authenticator, 1Password, Bitwarden…).",
    qrLabel: "QR code that adds your {{site}} account to an authenticator app",
    qrLoading: "Drawing the QR code…",
    manual:
      "Cannot scan it? Type this key into the app instead (time-based, 6 digits, every 30 seconds):",
    keyLabel: "Setup key",
    copy: "Copy the key",
    copied: "The key is copied.",
    confirm: "2. Enter the code the app now shows for {{site}}.",
    code: "Code from the app",
    codeHint: "6 digits.",
    enable: "Turn on",
    enabling: "Turning on…",
    cancel: "Cancel",
    enabled: "Two-step verification is on.",
    failed: "Two-step verification could not be changed. Check the fields below.",
    impersonated: "Two-step verification cannot be changed while viewing as someone else.",
    unverified: "Confirm your email address to turn on two-step verification.",
  },
  recovery: {
    heading: "Your recovery codes",
    intro:
      "If you lose your phone, each of these codes lets you log in once. They are shown only now: download them or write them down, and keep them somewhere safe.",
    listLabel: "Recovery codes",
    download: "Download as a text file",
    fileName: "cahier-recovery-codes.txt",
    fileIntro: "Recovery codes of {{account}} on {{site}}. Each code works once; keep them safe.",
    done: "I have saved my codes",
  },
  manage: {
    password: "Your password",
    code: "Code from the app, or a recovery code",
    disableOpen: "Turn off",
    disableIntro:
      "Your password and a code from the app (or a recovery code) turn two-step verification off.",
    disable: "Turn off two-step verification",
    disabling: "Turning off…",
    disabled: "Two-step verification is off.",
    regenerateOpen: "Get new recovery codes",
    regenerateIntro:
      "Your password and a code from the app give you 10 new recovery codes; the old ones stop working.",
    regenerate: "Get new recovery codes",
    regenerating: "Getting new codes…",
    regenerated: "Here are your new recovery codes.",
    cancel: "Cancel",
  },
  validation: {
    validation_invalid_code: "This code is not right.",
  },
} as const;

export default security;
