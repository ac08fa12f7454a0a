/**
 * The app's side of each second factor (ADR 066), one line each, keyed by the names in
 * `shared/auth/second-factors.ts` (the compiler asks for a line for each name there): its
 * panel in the account page (inside a section titled by the shared entry's labels) and its
 * input in the login challenge (inside the challenge's frame, which holds the heading, a
 * passkey's way and the way back).
 */
import { lazy, type ComponentType } from "react";
import type { SecondFactorMethod } from "#shared/auth/second-factors.ts";
import type { AuthRecord } from "../../../api/auth/auth-store.ts";

/** What a factor's panel on the account page is given. */
export interface FactorPanelProps {
  /**
   * The factor's state as its `GET /api/collections/users/{method}` answered it (the panel
   * reads its shape); null for a superuser viewing as the account (the API tells them nothing).
   */
  status: unknown;
  /** The account's email or username (password managers, recovery code files). */
  identity: string;
  /** Whether the account's address is proven: no factor is added before (ADR 056). */
  verified: boolean;
}

/** What a factor's input in the login challenge is given. */
export interface FactorChallengeProps {
  /** The pending sign-in the first factor answered. */
  mfaId: string;
  /** The pending sign-in is over (expired or used): the input stays, disabled, with no submit. */
  expired: boolean;
  /** Tells the frame the pending sign-in is over. */
  onExpired: () => void;
  /** Runs once the account is signed in (the auth store holds its session). */
  onSignedIn: (record: AuthRecord) => Promise<void> | void;
}

/** A factor's components. */
export interface SecondFactorUi {
  /** Its content of the account page's section about it. */
  Panel: ComponentType<FactorPanelProps>;
  /** Its way through the second step of a sign-in. */
  Challenge: ComponentType<FactorChallengeProps>;
}

/**
 * A factor's components, loaded when first shown: the login page carries none until a
 * sign-in asks for a second step, and no page carries a factor's account panel (QR code,
 * recovery codes) but the account page. Rendered inside a `Suspense` boundary.
 */
function loadedWhenShown(load: () => Promise<SecondFactorUi>): SecondFactorUi {
  return {
    Panel: lazy(() => load().then((ui) => ({ default: ui.Panel }))),
    Challenge: lazy(() => load().then((ui) => ({ default: ui.Challenge }))),
  };
}

/** Each second factor's components. */
export const SECOND_FACTOR_UI: Readonly<Record<SecondFactorMethod, SecondFactorUi>> = {
  totp: loadedWhenShown(() => import("./totp.tsx").then((module) => module.totpUi)),
};
