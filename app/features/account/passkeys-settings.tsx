/**
 * Passkeys in `/profileSettings` (ADR 052): the account's passkeys (name, when added, when
 * last used), each renamed in place or removed after a confirmation, and "Add a passkey",
 * which asks for a name, then the browser's passkey dialog. Adding and removing one each offer
 * to sign the other devices out (ADR 053, ASVS 7.4.3). A superuser viewing as the account sees
 * the list but cannot add one (the API refuses their token); an account whose address is not
 * confirmed yet sees "Add a passkey" disabled and why (ADR 056).
 */
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  FormError,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { formatDate } from "../../components/ui/formatted-date.tsx";
import {
  dangerOutlineButtonClass,
  SettingsSection,
} from "../../components/ui/settings-section.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { requestErrorMessage } from "../../lib/forms/api-errors.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { NOTIFY_ONLY, useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { removePasskey, renamePasskey, type PasskeyItem } from "../../api/auth/passkeys.ts";
import { passkeyFailureMessage, passkeysAvailable, registerPasskey } from "./passkeys-client.ts";
import { SignOutOthersOption, useSignOutOthers, wantsSignOutOthers } from "./sign-out-others.tsx";

/** The form naming a new passkey, then the browser's dialog. */
function AddPasskey(props: {
  onAdded: (passkey: PasskeyItem, signOutOthers: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useAppTranslation();
  const form = useFormSubmit({
    fields: ["name"],
    message: (error, fields, translate) =>
      Object.keys(fields).length > 0
        ? null
        : passkeyFailureMessage(error, translate, (e) => requestErrorMessage(e, translate)),
  });
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const handleSubmit = form.submit(async (data) => {
    const name = formText(data, "name").trim();
    if (!name) {
      form.show({ fields: { name: t("errors:validation.validation_required") }, message: null });
      return;
    }
    props.onAdded(await registerPasskey(getBrowserClient(), name), wantsSignOutOthers(data));
  });

  return (
    <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
      <FormError form={form} />
      <TextInput
        ref={input}
        label={t("passkeys:settings.nameLabel")}
        hint={t("passkeys:settings.nameHint")}
        {...form.field("name")}
        maxLength={100}
        autoComplete="off"
        required
      />
      <SignOutOthersOption hint={t("devices:otherDevices.factorHint")} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={form.busy} busyLabel={t("passkeys:settings.creating")}>
          {t("passkeys:settings.create")}
        </SubmitButton>
        <button type="button" className={buttonClass.secondary} onClick={props.onCancel}>
          {t("passkeys:settings.cancel")}
        </button>
      </div>
    </SubmitForm>
  );
}

/** One passkey of the list: its name and dates, rename and remove. */
function PasskeyRow(props: {
  passkey: PasskeyItem;
  onRenamed: (passkey: PasskeyItem) => void;
  onRemove: (passkey: PasskeyItem) => void;
}) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const notify = useNotify();
  const { passkey } = props;
  const [renaming, setRenaming] = useState(false);
  const form = useFormSubmit({ fields: ["name"] });
  const renameButton = useRef<HTMLButtonElement>(null);
  const renameInput = useRef<HTMLInputElement>(null);

  const opened = useRef(false);

  // The keyboard goes to the name while renaming, and back to "Rename" afterwards.
  useEffect(() => {
    if (renaming) {
      opened.current = true;
      renameInput.current?.focus();
    } else if (opened.current) {
      renameButton.current?.focus();
    }
  }, [renaming]);

  const handleRename = form.submit(async (data) => {
    const name = formText(data, "name").trim();
    const saved = await renamePasskey(getBrowserClient(), passkey.id, name);
    props.onRenamed({ ...passkey, name: saved.name });
    setRenaming(false);
    notify.success(t("passkeys:settings.renamed", { name: saved.name }));
  });

  return (
    <li
      className="grid gap-3 border-t border-stone-200 py-3 first:border-t-0"
      data-testid="passkey"
    >
      <div>
        <p className="font-semibold break-words text-stone-900">{passkey.name}</p>
        <p className="text-sm text-stone-700">
          {t("passkeys:settings.created", { date: formatDate(passkey.created, locale) })}
          {", "}
          {passkey.lastUsed
            ? t("passkeys:settings.lastUsed", { date: formatDate(passkey.lastUsed, locale) })
            : t("passkeys:settings.neverUsed")}
        </p>
      </div>
      {renaming ? (
        <SubmitForm onSubmit={handleRename} className="grid gap-3">
          <FormError form={form} />
          <TextInput
            ref={renameInput}
            label={t("passkeys:settings.renameLabel", { name: passkey.name })}
            {...form.field("name")}
            defaultValue={passkey.name}
            maxLength={100}
            autoComplete="off"
            required
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={form.busy} busyLabel={t("passkeys:settings.saving")}>
              {t("passkeys:settings.save")}
            </SubmitButton>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => {
                form.reset();
                setRenaming(false);
              }}
            >
              {t("passkeys:settings.cancel")}
            </button>
          </div>
        </SubmitForm>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            ref={renameButton}
            type="button"
            className={buttonClass.secondary}
            aria-label={t("passkeys:settings.renameNamed", { name: passkey.name })}
            onClick={() => {
              setRenaming(true);
            }}
          >
            {t("passkeys:settings.rename")}
          </button>
          <button
            type="button"
            className={dangerOutlineButtonClass}
            aria-label={t("passkeys:settings.removeNamed", { name: passkey.name })}
            onClick={() => {
              props.onRemove(passkey);
            }}
          >
            {t("passkeys:settings.remove")}
          </button>
        </div>
      )}
    </li>
  );
}

/** The passkeys section of the signed-in account. */
export function PasskeySettings(props: {
  passkeys: PasskeyItem[];
  /** A superuser viewing as the account: the list only. */
  impersonated: boolean;
  /** Whether the account's address is proven: no passkey is added before (ADR 056). */
  verified: boolean;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [passkeys, setPasskeys] = useState(props.passkeys);
  const [adding, setAdding] = useState(false);
  const [supported, setSupported] = useState(true);
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const [removeSignsOut, setRemoveSignsOut] = useState(false);
  const remove = useFormSubmit(NOTIFY_ONLY);
  const addButton = useRef<HTMLButtonElement>(null);
  const signOutOthers = useSignOutOthers();
  const unverifiedId = useId();

  const askRemove = (passkey: PasskeyItem) => {
    setRemoveSignsOut(false);
    setRemoving(passkey);
  };

  useEffect(() => {
    passkeysAvailable(getBrowserClient()).then(setSupported, (error: unknown) => {
      console.debug("passkey support unknown", error);
    });
  }, []);

  const confirmRemove = () =>
    void remove.run(async () => {
      if (!removing) return;
      await removePasskey(getBrowserClient(), removing.id);
      setPasskeys((list) => list.filter((p) => p.id !== removing.id));
      notify.success(t("passkeys:settings.removed", { name: removing.name }));
      if (removeSignsOut) await signOutOthers();
      setRemoving(null);
      addButton.current?.focus();
    });

  return (
    <SettingsSection title={t("passkeys:settings.heading")} intro={t("passkeys:settings.intro")}>
      {passkeys.length === 0 ? (
        <p className="text-sm text-stone-800" data-testid="passkeys-none">
          {t("passkeys:settings.none")}
        </p>
      ) : (
        <ul aria-label={t("passkeys:settings.listLabel")} className="grid">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRenamed={(renamed) => {
                setPasskeys((list) => list.map((p) => (p.id === renamed.id ? renamed : p)));
              }}
              onRemove={askRemove}
            />
          ))}
        </ul>
      )}
      {props.impersonated ? (
        <p className="text-sm text-stone-700">{t("passkeys:settings.impersonated")}</p>
      ) : !props.verified ? (
        <div className="grid justify-items-start gap-2">
          <p id={unverifiedId} className="text-sm text-stone-700">
            {t("passkeys:settings.unverified")}
          </p>
          <button
            type="button"
            disabled
            aria-describedby={unverifiedId}
            className={buttonClass.primary}
          >
            {t("passkeys:settings.add")}
          </button>
        </div>
      ) : !supported ? (
        <p className="text-sm text-stone-700">{t("passkeys:settings.unsupported")}</p>
      ) : adding ? (
        <AddPasskey
          onAdded={(passkey, signOut) => {
            setPasskeys((list) => [...list, passkey]);
            setAdding(false);
            notify.success(t("passkeys:settings.added", { name: passkey.name }));
            if (signOut) void signOutOthers();
            requestAnimationFrame(() => addButton.current?.focus());
          }}
          onCancel={() => {
            setAdding(false);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      ) : (
        <div>
          <button
            ref={addButton}
            type="button"
            className={buttonClass.primary}
            onClick={() => {
              setAdding(true);
            }}
          >
            {t("passkeys:settings.add")}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t("passkeys:settings.removeTitle")}
        confirmLabel={t("passkeys:settings.removeConfirm")}
        cancelLabel={t("passkeys:settings.cancel")}
        destructive
        busy={remove.busy}
        onConfirm={confirmRemove}
        onCancel={() => {
          setRemoving(null);
        }}
      >
        <div className="grid gap-3">
          <p>{t("passkeys:settings.removeBody", { name: removing?.name ?? "" })}</p>
          <SignOutOthersOption
            hint={t("devices:otherDevices.factorHint")}
            checked={removeSignsOut}
            onChange={setRemoveSignsOut}
          />
        </div>
      </ConfirmDialog>
    </SettingsSection>
  );
}
