/**
 * The second step of a sign-in on `/login` (ADR 046): the first factor (password, emailed
 * code, OAuth2) answered `401 {mfaId}`, so the person proves a second factor with that
 * `mfaId`: each factor of `shared/auth/second-factors.ts` shows its input here (TOTP: the
 * app's code or a recovery code), or they use one of the account's passkeys (ADR 052). The
 * route shows this instead of the first factors and decides where a signed-in person goes
 * next.
 */
import { Suspense, useId, useState } from "react";
import { SECOND_FACTORS } from "#shared/auth/second-factors.ts";
import type { AuthRecord } from "../../../api/auth/auth-store.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { PasskeySecondStep } from "../passkeys-login.tsx";
import { SECOND_FACTOR_UI } from "./second-factor-ui.ts";

const linkButtonClass =
  "justify-self-start rounded text-sm font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950";

/** The second step of the sign-in `mfaId`. */
export function SecondFactorChallenge(props: {
  mfaId: string;
  /** Runs once the account is signed in (the auth store holds its session). */
  onSignedIn: (record: AuthRecord) => Promise<void> | void;
  /** Back to the first factors (a new sign-in). */
  onCancel: () => void;
}) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const [expired, setExpired] = useState(false);

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded border border-stone-200 bg-white p-6"
      data-testid="two-factor-challenge"
    >
      <h2 id={headingId} className="font-serif text-2xl font-semibold text-stone-900">
        {t("security:challenge.title")}
      </h2>
      {SECOND_FACTORS.map(({ method }) => {
        const { Challenge } = SECOND_FACTOR_UI[method];
        return (
          <Suspense key={method} fallback={<p role="status">{t("common:loading")}</p>}>
            <Challenge
              mfaId={props.mfaId}
              expired={expired}
              onExpired={() => {
                setExpired(true);
              }}
              onSignedIn={props.onSignedIn}
            />
          </Suspense>
        );
      })}
      {!expired && <PasskeySecondStep mfaId={props.mfaId} onSignedIn={props.onSignedIn} />}
      <button
        type="button"
        className={expired ? buttonClass.primary : linkButtonClass}
        onClick={props.onCancel}
      >
        {t("security:challenge.cancel")}
      </button>
    </section>
  );
}
