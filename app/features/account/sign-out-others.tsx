/**
 * "Sign out of all other devices" after a change of how the account signs in (ADR 053, ASVS
 * 7.4.3): the password form offers it checked (a new password ended every session already;
 * this cleans the list), the two-step verification and passkey forms offer it unchecked (their
 * changes end no session; the person decides). One checkbox, one call: `sign-out-others`
 * deletes every device of the account but this browser's, then the devices list reads again.
 */
import { useId, type ChangeEvent } from "react";
import { Checkbox } from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { signOutOtherDevices } from "../../api/auth/devices.ts";
import { announceDevicesChanged } from "../../lib/session/devices-changed.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** The field name of the option in a form. */
const FIELD = "signOutOthers";

/** The option: a checkbox and what it does; in a form, or controlled (a dialog). */
export function SignOutOthersOption(props: {
  hint: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const { t } = useAppTranslation();
  const hintId = useId();
  const { onChange } = props;
  const controlled =
    props.checked === undefined
      ? { defaultChecked: props.defaultChecked ?? false }
      : {
          checked: props.checked,
          onChange: (event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.checked),
        };
  return (
    <div>
      <Checkbox
        name={FIELD}
        label={t("devices:otherDevices.signOut")}
        aria-describedby={hintId}
        {...controlled}
      />
      <p id={hintId} className="text-sm text-stone-700">
        {props.hint}
      </p>
    </div>
  );
}

/** Whether a form's data asks to sign the other devices out. */
export function wantsSignOutOthers(data: FormData): boolean {
  return data.get(FIELD) === "on";
}

/**
 * Signs every other device of the account out, then tells the devices list. Never throws: the
 * change it follows is done, so a failure is only notified. `quiet` skips the success note
 * (the password form says the password changed).
 */
export function useSignOutOthers(): (options?: { quiet?: boolean }) => Promise<void> {
  const { t } = useAppTranslation();
  const notify = useNotify();
  return async ({ quiet = false } = {}) => {
    try {
      await signOutOtherDevices(getBrowserClient());
      announceDevicesChanged();
      if (!quiet) notify.success(t("devices:list.signedOutOthers"));
    } catch (error) {
      notify.requestError(error);
    }
  };
}
