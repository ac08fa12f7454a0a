/**
 * English messages of the page `/api/oauth2-redirect` sends an OAuth2 login popup to
 * (rendered by the server; the web app does not load this namespace).
 */
const oauth2 = {
  success: {
    title: "Login successful",
    message: "You are signed in. You can close this window and go back to Cahier.",
  },
  failure: {
    title: "Login failed",
    message: "The sign-in could not be completed. Close this window and try again from Cahier.",
  },
};

export default oauth2;
