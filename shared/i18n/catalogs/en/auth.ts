/** English messages of the account pages: log in, sign up, password reset. */
const auth = {
  login: {
    title: "Log in",
    description: "Log in to {{app}} to write your journal and publish on the blog.",
    intro: "Welcome back. Log in with your email or username.",
    identity: "Email or username",
    password: "Password",
    submit: "Log in",
    submitting: "Logging in…",
    failed: "Invalid login credentials.",
    noAccount: "No account yet?",
    signUpLink: "Sign up",
    forgotPassword: "Forgot your password?",
    suspended: "This account is suspended. Contact the administrators of this site.",
  },
  signUp: {
    title: "Sign up",
    intro: "Create your account to start writing. Every field is required except your name.",
    username: "Username",
    usernameHint:
      "Required: your public address, as in /profile/{{example}}. 3 to 30 letters, digits, dots, dashes or underscores.",
    usernameExample: "your_name",
    name: "Name (optional)",
    nameHint: "Shown instead of your username. You can leave it empty.",
    email: "Email",
    password: "Password",
    passwordHint: "At least 8 characters.",
    passwordConfirm: "Confirm password",
    privacyBefore: "By signing up you accept our ",
    privacyLink: "privacy policy",
    privacyAfter: ".",
    submit: "Create account",
    submitting: "Creating your account…",
    failed: "Your account could not be created. Check the fields below.",
    haveAccount: "Already have an account?",
    loginLink: "Log in",
    // The same answer whether or not the address had an account (ADR 061).
    sent: {
      title: "Check your mailbox",
      message:
        "We sent a message to {{email}} to finish signing up. Open the link in it to confirm your address, then log in.",
      hint: "Nothing after a few minutes? Look in your spam folder. You can also log in now and ask for another link.",
    },
  },
  passwordReset: {
    title: "Reset your password",
    intro: "Enter the email of your account and we will send you a link to choose a new password.",
    email: "Email",
    submit: "Send the link",
    submitting: "Sending…",
    sent: "If an account exists for {{email}}, a link to reset its password is on its way.",
    backToLogin: "Back to login",
  },
} as const;

export default auth;
