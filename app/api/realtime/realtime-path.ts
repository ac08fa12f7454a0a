/**
 * The realtime endpoint's address, for the one caller outside the SDK: the bare stream a
 * guest's live page opens before it hydrates (`lib/document/hydrate-on-intent.ts`).
 */
export const REALTIME_PATH = "/api/realtime";
