/**
 * The state of one page's live subscription, as a pure state machine: what the indicator
 * shows, and when the page must refetch because events may have been missed (a reconnect, or
 * coming back to a tab that was hidden while the subscription was paused).
 */

/** What the live indicator shows. */
export type LiveStatus = "off" | "connecting" | "live" | "reconnecting";

/** What happened to the subscription. */
export type LiveSignal =
  /** Subscribing started (mount, or the tab became visible again). */
  | "start"
  /** The stream (re)connected: `PB_CONNECT`. */
  | "connect"
  /** The stream dropped while topics were still wanted (the SDK retries). */
  | "disconnect"
  /** Subscribing failed for good, or realtime is not available here. */
  | "fail"
  /** The tab is hidden: the subscription is paused. */
  | "pause";

/** The session's state. */
export interface LiveSession {
  status: LiveStatus;
  /** Whether the stream has connected since the page was loaded. */
  connectedOnce: boolean;
  /** Whether events could have been missed since the data was loaded (a pause or a drop). */
  gap: boolean;
}

/** The state before anything happened. */
export const INITIAL_SESSION: LiveSession = { status: "off", connectedOnce: false, gap: false };

/**
 * The next state and whether the page should refetch now. A refetch happens once after a
 * connect that follows a gap (the stream dropped, or the tab was hidden) and on a connect
 * while already live (the server asks clients to resync), never on the first connect after
 * the page's data was loaded.
 */
export function nextSession(
  state: LiveSession,
  signal: LiveSignal,
): { state: LiveSession; refetch: boolean } {
  switch (signal) {
    case "start":
      return { state: { ...state, status: "connecting" }, refetch: false };
    case "connect":
      return {
        state: { status: "live", connectedOnce: true, gap: false },
        // A `PB_CONNECT` on a live stream is the server's resync (ADR 021): refetch too.
        refetch: state.gap || state.status === "live",
      };
    case "disconnect":
      return {
        state: { ...state, status: state.status === "off" ? "off" : "reconnecting", gap: true },
        refetch: false,
      };
    // Events of a paused subscription are never seen (a tab opened in the background counts).
    case "pause":
      return { state: { ...state, status: "off", gap: true }, refetch: false };
    case "fail":
      return { state: { ...state, status: "off" }, refetch: false };
  }
}
