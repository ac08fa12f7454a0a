/** English messages of sign-in with another account (OAuth2 / OpenID Connect) on `/login`. */
const oauth2 = {
  divider: "or",
  groupLabel: "Log in with another account",
  continueWith: "Continue with {{provider}}",
  redirecting: "Taking you to {{provider}}…",
  signingIn: "Signing you in…",
  /** Spec §5 and §8, word for word. */
  stateMismatch: "State parameters don't match",
  providerErrors: {
    access_denied: "The sign-in was cancelled or refused by the provider.",
    temporarily_unavailable: "The provider is unavailable right now. Please try again later.",
    server_error: "The provider is unavailable right now. Please try again later.",
    login_required: "Please log in at the provider first, then try again.",
    consent_required: "The provider needs your consent to sign you in here.",
    interaction_required: "The provider needs you to finish signing in there first.",
    other: "The provider could not sign you in (error {{code}}).",
  },
  failed: "Signing in with {{provider}} failed. Please try again.",
  noVerifiedEmail:
    "Your {{provider}} account has no verified email address, so no account could be created here.",
  unknownProvider: "your provider",
  /** The page `/api/oauth2-redirect` shows in an SDK login popup (rendered by the server). */
  success: {
    title: "Login successful",
    message: "You are signed in. You can close this window and go back to {{site}}.",
  },
  failure: {
    title: "Login failed",
    message: "The sign-in could not be completed. Close this window and try again from {{site}}.",
  },
} as const;

export default oauth2;
