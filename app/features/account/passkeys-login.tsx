/**
 * Passkeys on `/login` (ADR 052): "Log in with a passkey" among the first factors (the
 * browser offers the site's passkeys: no username needed), and "Use a passkey instead" in the
 * second step of a sign-in when the account has one. Shown when the server offers passkeys
 * and the browser can use them; the route decides where a signed-in person goes.
 *
 * "Log in with a passkey" is in the server's page when the server offers passkeys at the
 * page's address (issue 25 item 7): appearing only once the browser said it can use them, it
 * pushed what follows it down after the first paint. Until then it works as any button of a
 * page not yet hydrated (a click is held, then replayed); a browser without WebAuthn keeps its
 * place, empty, so nothing moves either way.
 */
import { useEffect, useState } from "react";
import type { AuthRecord } from "../../api/auth/auth-store.ts";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormError } from "../../components/ui/form-controls.tsx";
import { requestErrorMessage } from "../../lib/forms/api-errors.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { passkeyOffered } from "../../api/auth/passkeys.ts";
import { passkeyFailureMessage, passkeysAvailable, signInWithPasskey } from "./passkeys-client.ts";

/** The button of a passkey sign-in, with its error under it. */
function PasskeyButton(props: {
  label: string;
  busyLabel: string;
  variant: "primary" | "secondary" | "link";
  mfaId?: string;
  onSignedIn: (record: AuthRecord) => Promise<void> | void;
}) {
  const form = useFormSubmit({
    fields: [],
    message: (error, _fields, translate) =>
      passkeyFailureMessage(error, translate, (e) => requestErrorMessage(e, translate)),
  });
  const signIn = () =>
    void form.run(async () => {
      const record = await signInWithPasskey(getBrowserClient(), props.mfaId);
      await props.onSignedIn(record);
    });
  const className =
    props.variant === "link"
      ? "justify-self-start rounded text-sm font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950"
      : buttonClass[props.variant];
  return (
    <div className="grid gap-3">
      <FormError form={form} />
      <button type="button" className={className} disabled={form.busy} onClick={signIn}>
        {form.busy ? props.busyLabel : props.label}
      </button>
    </div>
  );
}

/** Whether this browser can use passkeys here: `null` until it is asked (server rendering). */
type Availability = boolean | null;

/**
 * "Log in with a passkey", under the password form; `offered`: whether the server offers
 * passkeys at this address (the loader's answer). Nothing where passkeys cannot work.
 */
export function PasskeyLogin(props: {
  offered: boolean;
  onSignedIn: (record: AuthRecord) => Promise<void> | void;
}) {
  const { t } = useAppTranslation();
  const [available, setAvailable] = useState<Availability>(null);

  useEffect(() => {
    let active = true;
    passkeysAvailable(getBrowserClient()).then(
      (yes) => {
        if (active) setAvailable(yes);
      },
      (error: unknown) => {
        console.debug("passkeys unavailable", error);
        if (active) setAvailable(false);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  // Not in the server's page (the server said no at the address it was asked at, behind a
  // proxy that renames the host, say): shown late rather than never.
  if (!props.offered && available !== true) return null;
  const unusable = available === false;
  return (
    <div
      className={unusable ? "invisible mt-6 grid gap-4" : "mt-6 grid gap-4"}
      data-state={available === null ? "checking" : unusable ? "unavailable" : "ready"}
    >
      <p
        aria-hidden="true"
        className="flex items-center gap-3 text-sm text-stone-600 before:h-px before:flex-1 before:bg-stone-300 after:h-px after:flex-1 after:bg-stone-300"
      >
        {t("passkeys:login.or")}
      </p>
      <PasskeyButton
        label={t("passkeys:login.button")}
        busyLabel={t("passkeys:login.busy")}
        variant="secondary"
        onSignedIn={props.onSignedIn}
      />
    </div>
  );
}

/** "Use a passkey instead" in the second step of the sign-in `mfaId`, when the account has one. */
export function PasskeySecondStep(props: {
  mfaId: string;
  onSignedIn: (record: AuthRecord) => Promise<void> | void;
}) {
  const { t } = useAppTranslation();
  const [offered, setOffered] = useState(false);
  const { mfaId } = props;

  useEffect(() => {
    let active = true;
    const api = getBrowserClient();
    passkeysAvailable(api)
      .then((yes) => (yes ? passkeyOffered(api, mfaId) : false))
      .then(
        (yes) => {
          if (active) setOffered(yes);
        },
        (error: unknown) => {
          console.debug("no passkey step", error);
        },
      );
    return () => {
      active = false;
    };
  }, [mfaId]);

  if (!offered) return null;
  return (
    <PasskeyButton
      label={t("passkeys:challenge.use")}
      busyLabel={t("passkeys:challenge.busy")}
      variant="link"
      mfaId={mfaId}
      onSignedIn={props.onSignedIn}
    />
  );
}
