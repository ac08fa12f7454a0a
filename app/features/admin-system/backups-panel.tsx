/**
 * The backups of `/admin/backups`, through the API's backups (`api/system/backups.ts`): create (optional name),
 * upload a zip, download with a superuser file token, restore and delete (each behind a
 * confirmation). A restore replaces every table and file, so once it succeeded the page
 * reloads the whole app (what it holds in memory came from the old data).
 */
import { useState, type SubmitEvent } from "react";
import { useRevalidator } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import {
  FormStatus,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import {
  backupDownloadUrl,
  createBackup,
  deleteBackup,
  restoreBackup,
  uploadBackup,
} from "../../api/system/backups.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import {
  useFormSubmit,
  type FieldMessages,
  type FormSubmitOptions,
} from "../../components/forms/use-form-submit.ts";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { formatLogTime } from "./log-format.ts";
import { apiDetail, systemErrorSummary, systemFieldErrors, systemSubmit } from "./system-errors.ts";
import type { BackupFile } from "../../api/system/system-types.ts";

/** A byte count in the largest fitting unit, in the interface language. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

type Outcome = { kind: "success" | "error"; message: string; detail?: string | null };

/** A list action's outcome, as a form's. */
function Result({ outcome }: { outcome: Outcome | null }) {
  return (
    <FormStatus
      form={{
        error: outcome?.kind === "error" ? outcome.message : null,
        detail: outcome?.detail ?? null,
        success: outcome?.kind === "success" ? outcome.message : null,
      }}
    />
  );
}

/**
 * A backup form's submit (see `use-form-submit.ts`): `failed` sums up a refusal the API
 * explained, under it the API's own explanation; failures are shown, not notified.
 */
function useBackupForm(
  failed: string,
  options: Pick<FormSubmitOptions, "fields" | "fieldErrors" | "detail">,
) {
  const { t } = useAppTranslation();
  return useFormSubmit({ ...systemSubmit(t, failed), ...options, notify: false });
}

/** The create form. */
function CreateBackup({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useAppTranslation();
  const form = useBackupForm(t("adminSystem:backups.create.failed"), {
    fields: ["name"],
    detail: (failure, fields) => (fields.name ? null : apiDetail(failure)),
  });

  const handleSubmit = form.submit(async (data, formElement) => {
    const name = formText(data, "name").trim();
    await createBackup(getBrowserClient(), name);
    formElement.reset();
    await onDone();
    form.succeed(t("adminSystem:backups.create.done"));
  });

  return (
    <SettingsSection title={t("adminSystem:backups.create.heading")}>
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
        <TextInput
          label={t("adminSystem:backups.create.name")}
          hint={t("adminSystem:backups.create.nameHint")}
          {...form.field("name")}
          autoComplete="off"
          placeholder="my_backup.zip"
          className="font-mono"
        />
        <div>
          <SubmitButton busy={form.busy} busyLabel={t("adminSystem:backups.create.submitting")}>
            {t("adminSystem:backups.create.submit")}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}

/** The upload form. */
function UploadBackup({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useAppTranslation();
  const form = useBackupForm(t("adminSystem:backups.upload.failed"), {
    fieldErrors: (failure, tr): FieldMessages => {
      const byField = systemFieldErrors(failure, tr);
      const message = byField.file ?? byField.name;
      return message ? { file: message } : {};
    },
    // The field message is the generic "not a backup"; the API says why.
    detail: (failure) => apiDetail(failure),
  });

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0) {
      event.preventDefault();
      form.show({ fields: { file: t("adminSystem:backups.upload.missing") }, message: null });
      return;
    }
    form.submit(async (_data, formElement) => {
      const body = new FormData();
      body.set("file", file, file.name);
      await uploadBackup(getBrowserClient(), body);
      formElement.reset();
      await onDone();
      form.succeed(t("adminSystem:backups.upload.done", { name: file.name }));
    })(event);
  }

  return (
    <SettingsSection title={t("adminSystem:backups.upload.heading")}>
      <SubmitForm encType="multipart/form-data" onSubmit={handleSubmit} className="grid gap-4">
        <TextInput
          label={t("adminSystem:backups.upload.file")}
          {...form.field("file")}
          type="file"
          accept=".zip,application/zip"
          required
          className="file:mr-3 file:rounded file:border-0 file:bg-stone-200 file:px-3 file:py-1 file:font-semibold"
        />
        <div>
          <SubmitButton busy={form.busy} busyLabel={t("adminSystem:backups.upload.submitting")}>
            {t("adminSystem:backups.upload.submit")}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}

type Pending = { action: "restore" | "delete"; key: string } | null;

/** The buttons of a backup's row, in order; restore and delete ask first. */
const ROW_ACTIONS = ["download", "restore", "delete"] as const;
const DELETE_BUTTON =
  "inline-flex items-center justify-center gap-2 rounded border border-red-700 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60";

/** The list of backups and their actions. */
export function BackupsPanel({ backups }: { backups: readonly BackupFile[] }) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [progress, setProgress] = useState<string | null>(null);

  const refresh = () => revalidator.revalidate();

  async function download(key: string) {
    setOutcome(null);
    try {
      const href = await backupDownloadUrl(getBrowserClient(), key);
      const link = document.createElement("a");
      link.href = href;
      link.download = key;
      link.rel = "noopener";
      document.body.append(link);
      link.click();
      link.remove();
    } catch (failure) {
      const message = systemErrorSummary(failure, t, t("adminSystem:backups.list.downloadFailed"));
      setOutcome({ kind: "error", message, detail: apiDetail(failure) });
      notify.error(message);
    }
  }

  async function confirm() {
    if (!pending) return;
    const { action, key } = pending;
    setBusy(true);
    setOutcome(null);
    const api = getBrowserClient();
    if (action === "delete") {
      try {
        await deleteBackup(api, key);
        await refresh();
        setOutcome({
          kind: "success",
          message: t("adminSystem:backups.delete.done", { name: key }),
        });
      } catch (failure) {
        setOutcome({
          kind: "error",
          message: systemErrorSummary(failure, t, t("adminSystem:backups.delete.failed")),
          detail: apiDetail(failure),
        });
      } finally {
        setBusy(false);
        setPending(null);
      }
      return;
    }
    setPending(null);
    setProgress(t("adminSystem:backups.restore.running", { name: key }));
    try {
      await restoreBackup(api, key);
      setProgress(null);
      setOutcome({
        kind: "success",
        message: t("adminSystem:backups.restore.done", { name: key }),
      });
      // Everything in memory (lists, drafts, the session's record) came from the old data.
      window.setTimeout(() => {
        window.location.reload();
      }, 1500);
    } catch (failure) {
      setProgress(null);
      setBusy(false);
      setOutcome({
        kind: "error",
        message: systemErrorSummary(failure, t, t("adminSystem:backups.restore.failed")),
        detail: apiDetail(failure),
      });
    }
  }

  const cell = "px-3 py-2";
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <CreateBackup onDone={refresh} />
        <UploadBackup onDone={refresh} />
      </div>
      <SettingsSection title={t("adminSystem:backups.list.heading")}>
        {progress && (
          <p
            role="status"
            className="flex items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            <span
              aria-hidden="true"
              className="inline-block size-4 animate-spin rounded-full border-2 border-amber-800 border-t-transparent"
            />
            {progress}
          </p>
        )}
        <Result outcome={outcome} />
        {backups.length === 0 ? (
          <p className="text-stone-700">{t("adminSystem:backups.list.empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t("adminSystem:backups.list.heading")}</caption>
              <thead className="bg-stone-100">
                <tr>
                  <th scope="col" className={cell}>
                    {t("adminSystem:backups.list.name")}
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    {t("adminSystem:backups.list.size")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("adminSystem:backups.list.date")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("adminSystem:backups.list.actions")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {backups.map((backup) => (
                  <tr key={backup.key}>
                    <th
                      scope="row"
                      className={`${cell} min-w-48 font-mono font-normal wrap-anywhere`}
                    >
                      {backup.key}
                    </th>
                    <td className={`${cell} text-right whitespace-nowrap`}>
                      {formatBytes(backup.size, locale)}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {formatLogTime(backup.modified, locale)}
                    </td>
                    <td className={cell}>
                      <div className="flex flex-wrap gap-2">
                        {ROW_ACTIONS.map((action) => (
                          <button
                            key={action}
                            type="button"
                            disabled={busy}
                            onClick={() => {
                              if (action === "download") void download(backup.key);
                              else setPending({ action, key: backup.key });
                            }}
                            aria-label={t(`adminSystem:backups.list.${action}Label`, {
                              name: backup.key,
                            })}
                            className={action === "delete" ? DELETE_BUTTON : buttonClass.secondary}
                          >
                            {t(`adminSystem:backups.list.${action}`)}
                          </button>
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SettingsSection>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending ? t(`adminSystem:backups.${pending.action}.title`, { name: pending.key }) : ""
        }
        confirmLabel={
          pending?.action === "delete"
            ? t("adminSystem:backups.delete.confirm")
            : t("adminSystem:backups.restore.confirm")
        }
        cancelLabel={t("adminSystem:backups.restore.cancel")}
        destructive
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setPending(null);
        }}
      >
        <p>
          {pending?.action === "delete"
            ? t("adminSystem:backups.delete.body")
            : t("adminSystem:backups.restore.body")}
        </p>
      </ConfirmDialog>
    </div>
  );
}
