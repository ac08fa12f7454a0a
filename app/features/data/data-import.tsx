/**
 * The import part of "Your data": the export file, its format and a dry-run switch, sent to
 * `POST /api/import`. A progress bar follows the upload (its real share, from the browser),
 * then the server's job (reading the file, then items written of all), followed at
 * `GET /api/imports/{id}` even after the person leaves and comes back; the report (or the
 * refusal, worded from the API's codes) shows under the form. A real import refreshes the
 * page's data (the counts of what the account owns).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { useRevalidator } from "react-router";
import { Upload } from "lucide-react";
import {
  Checkbox,
  FormError,
  Select,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { useAppTranslation, type AppT } from "../../lib/i18n/i18n.ts";
import {
  IMPORT_FORMATS,
  type ImportFormat,
  readRefusal,
  readReport,
  type ImportRefusal,
  type ImportReport,
} from "./import-report.ts";
import { ImportReportView } from "./import-report-view.tsx";
import {
  uploadImport,
  type ImportRun,
  type ImportRunProgress,
} from "../../api/data/account-data.ts";
import { followedImport, waitForImport } from "./follow-import.ts";

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "processing"; progress: ImportRunProgress | null }
  | { kind: "done"; report: ImportReport; dryRun: boolean; format: ImportFormat | null }
  | { kind: "failed"; refusal: ImportRefusal };

/** What the bar shows: its share (undefined: indeterminate) and its words. */
function progressOf(phase: Phase, t: AppT, language: string): { value?: number; text: string } {
  if (phase.kind === "uploading")
    return { value: phase.percent, text: t("data:import.uploading", { percent: phase.percent }) };
  const progress = phase.kind === "processing" ? phase.progress : null;
  if (progress?.phase === "writing" && progress.total > 0) {
    const number = new Intl.NumberFormat(language);
    return {
      value: Math.min(100, Math.round((progress.done / progress.total) * 100)),
      text: t("data:import.writing", {
        done: number.format(progress.done),
        total: number.format(progress.total),
      }),
    };
  }
  if (progress?.phase === "reading") return { text: t("data:import.reading") };
  return { text: t("data:import.processing") };
}

/** The progress of a running import: a bar and what it is doing. */
function ImportProgress({ phase }: { phase: Phase }) {
  const { t, i18n } = useAppTranslation();
  const labelId = useId();
  if (phase.kind !== "uploading" && phase.kind !== "processing") return null;
  const { value, text } = progressOf(phase, t, i18n.language);
  return (
    <div className="grid gap-2" data-testid="import-progress">
      <progress
        aria-labelledby={labelId}
        max={100}
        // No value while the server reads the file: an indeterminate bar.
        value={value}
        className="h-3 w-full accent-amber-800"
      />
      <p id={labelId} className="text-sm text-stone-800">
        <span className="sr-only">{t("data:import.progress")}: </span>
        {text}
      </p>
      {phase.kind === "processing" && (
        <p className="text-sm text-stone-700">{t("data:import.leaveHint")}</p>
      )}
      {/* Announced once per phase, not at every percent. */}
      <p aria-live="polite" className="sr-only">
        {phase.kind === "uploading" ? t("data:import.progress") : t("data:import.processing")}
      </p>
    </div>
  );
}

/** The import form, its progress and its report. */
export function DataImport({ headingId }: { headingId: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  // The button says what it will do: check the file (a dry run) or import it.
  const [dryRunChosen, setDryRunChosen] = useState(false);
  const busy = phase.kind === "uploading" || phase.kind === "processing";
  // Stops following when the page goes away (the import goes on; it is followed again on return).
  const following = useRef<AbortController | null>(null);

  /** Follows the import `id` to its end, then shows its report or its refusal. */
  function follow(id: string, dryRun: boolean | null): Promise<void> {
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    const onRun = (current: ImportRun) => {
      setPhase({ kind: "processing", progress: current.progress });
    };
    return waitForImport(getBrowserClient(), id, onRun, controller.signal).then((run) => {
      if (controller.signal.aborted) return;
      if (!run) setPhase({ kind: "failed", refusal: networkRefusal() });
      else return settle(run, dryRun ?? run.dryRun);
    });
  }

  function networkRefusal(): ImportRefusal {
    return { message: t("data:import.errors.network"), field: null, detail: null };
  }

  /** Shows how a followed import ended: its report, or its error as the API's answer. */
  function settle(run: ImportRun, dryRun: boolean): Promise<void> {
    return run.state === "done"
      ? show(200, run.report, dryRun, run.format)
      : show(run.error?.status ?? 500, { data: run.error?.data ?? {} }, dryRun);
  }

  /** Shows an answer: the report of a 200, else the refusal, worded from its codes. */
  async function show(
    status: number,
    body: unknown,
    dryRun: boolean,
    format: ImportFormat | null = null,
  ) {
    const report = status === 200 ? readReport(body) : null;
    if (!report) {
      const refusal = readRefusal(status, body, t);
      if (refusal.field === "file") setFileError(refusal.message);
      setPhase({ kind: "failed", refusal });
      return;
    }
    setPhase({ kind: "done", report, dryRun, format });
    if (!dryRun) {
      notify.success(t("data:import.report.heading"));
      await revalidator.revalidate();
    }
  }

  // An import this tab started and left goes on being followed.
  useEffect(() => {
    const id = followedImport();
    if (id) void follow(id, null);
    return () => following.current?.abort();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setFileError(t("data:import.missingFile"));
      return;
    }
    setFileError(undefined);
    const dryRun = form.get("dryRun") === "on";
    const body = new FormData();
    const format = form.get("format");
    body.set("format", typeof format === "string" ? format : "");
    body.set("dryRun", dryRun ? "true" : "false");
    body.set("file", file, file.name);
    setPhase({ kind: "uploading", percent: 0 });
    try {
      const response = await uploadImport(getBrowserClient(), {
        body,
        onProgress: (loaded, total) => {
          setPhase({
            kind: "uploading",
            percent: Math.min(100, Math.round((loaded / total) * 100)),
          });
        },
        onUploaded: () => {
          setPhase({ kind: "processing", progress: null });
        },
      });
      const started = response.body as Partial<ImportRun> | null;
      if (response.status === 202 && typeof started?.id === "string") {
        await follow(started.id, dryRun);
        return;
      }
      await show(response.status, response.body, dryRun);
    } catch {
      setPhase({ kind: "failed", refusal: networkRefusal() });
    }
  }

  return (
    <div className="grid gap-3">
      <h3 id={headingId} className="font-serif text-xl font-semibold">
        {t("data:import.heading")}
      </h3>
      <p className="text-sm text-stone-700">{t("data:import.intro")}</p>
      <SubmitForm
        encType="multipart/form-data"
        aria-labelledby={headingId}
        onSubmit={(event) => void handleSubmit(event)}
        className="grid gap-4"
      >
        <TextInput
          label={t("data:import.file")}
          hint={t("data:import.fileHint")}
          name="file"
          type="file"
          accept=".zip,.json,application/zip,application/json"
          required
          error={fileError}
          disabled={busy}
          className="file:mr-3 file:rounded file:border-0 file:bg-stone-200 file:px-3 file:py-1 file:font-semibold"
        />
        <Select
          label={t("data:import.format")}
          name="format"
          // The server recognises the export from its files (ADR 044); naming it is optional.
          defaultValue="auto"
          disabled={busy}
          error={
            phase.kind === "failed" && phase.refusal.field === "format"
              ? phase.refusal.message
              : undefined
          }
        >
          <option value="auto">{t("data:import.formats.auto")}</option>
          {IMPORT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(`data:import.formats.${format}`)}
            </option>
          ))}
        </Select>
        <Checkbox
          label={t("data:import.dryRun")}
          name="dryRun"
          disabled={busy}
          checked={dryRunChosen}
          onChange={(event) => {
            setDryRunChosen(event.currentTarget.checked);
          }}
        />
        <div>
          <SubmitButton busy={busy} busyLabel={t("data:import.processing")}>
            <Upload aria-hidden size={18} />
            {dryRunChosen ? t("data:import.submitDry") : t("data:import.submit")}
          </SubmitButton>
        </div>
      </SubmitForm>
      <ImportProgress phase={phase} />
      {phase.kind === "failed" && (
        <FormError
          form={{
            error: `${t("data:import.failed")} ${phase.refusal.message}`,
            detail: phase.refusal.detail,
          }}
        />
      )}
      {phase.kind === "done" && (
        <ImportReportView report={phase.report} dryRun={phase.dryRun} format={phase.format} />
      )}
    </div>
  );
}
