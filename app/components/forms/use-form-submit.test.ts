import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { APP_NAMESPACES, getI18n } from "../../lib/i18n/i18n.ts";
import {
  failureNotice,
  formFailure,
  IDLE_FORM,
  NOTIFY_ONLY,
  runFormSubmit,
  type FormFailure,
  type FormSubmitState,
} from "./use-form-submit.ts";

const t = (await getI18n("en")).getFixedT("en", APP_NAMESPACES);

/** A 400 answer with PocketBase's per-field details. */
function refusal(data: Record<string, unknown>, status = 400): ClientResponseError {
  return new ClientResponseError({
    url: "/api/x",
    status,
    response: { status, message: "Failed.", data },
  });
}

const network = new ClientResponseError({ status: 0 });

describe("formFailure", () => {
  it("words field errors and sums them up with `failed`", () => {
    const error = refusal({ email: { code: "validation_is_email", message: "x" } });
    expect(formFailure(error, t, { failed: "Check the form." })).toEqual({
      fields: { email: "Must be a valid email address." },
      message: "Check the form.",
      detail: null,
    });
  });

  it("gives the request's message when there is no field error", () => {
    expect(formFailure(network, t, { failed: "Check the form." })).toEqual({
      fields: {},
      message: t("errors:api.network"),
      detail: null,
    });
    expect(formFailure(new Error("boom"), t).message).toBe(t("errors:api.generic"));
  });

  it("keeps only the fields the form shows", () => {
    const error = refusal({
      email: { code: "validation_required", message: "x" },
      other: { code: "validation_required", message: "x" },
    });
    expect(formFailure(error, t, { fields: ["email"] }).fields).toEqual({
      email: "Cannot be blank.",
    });
    const none = formFailure(error, t, { fields: [], failed: "Check the form." });
    expect(none.fields).toEqual({});
    expect(none.message).toBe(t("errors:api.generic"));
  });

  it("lets a form word its fields, message and detail", () => {
    const error = refusal({ name: { code: "validation_required", message: "x" } }, 429);
    const failure = formFailure(error, t, {
      fieldErrors: () => ({ name: "Taken.", hidden: "Not shown." }),
      fields: ["name"],
      message: (cause, fields) =>
        cause instanceof ClientResponseError && cause.status === 429 ? "Slow down." : fields.name!,
      detail: (_cause, fields) => `detail of ${Object.keys(fields).join(",")}`,
    });
    expect(failure).toEqual({
      fields: { name: "Taken." },
      message: "Slow down.",
      detail: "detail of name",
    });
  });

  it("NOTIFY_ONLY words a failure like notify.requestError, and nothing for a cancelled one", () => {
    expect(formFailure(refusal({}, 403), t, NOTIFY_ONLY).message).toBe(
      t("shell:requestErrors.forbidden"),
    );
    const aborted = new ClientResponseError({ isAbort: true });
    expect(formFailure(aborted, t, NOTIFY_ONLY).message).toBeNull();
  });
});

describe("failureNotice", () => {
  it("is the message, else the first field message, else nothing", () => {
    expect(failureNotice({ fields: { a: "A" }, message: "M" })).toBe("M");
    expect(failureNotice({ fields: { a: "A", b: "B" }, message: null })).toBe("A");
    expect(failureNotice({ fields: {}, message: null })).toBeNull();
  });
});

/** Runs a submit against a recorded state, as the hook does. */
async function submit(action: () => Promise<void>, start: Partial<FormSubmitState> = {}) {
  let state: FormSubmitState = { ...IDLE_FORM, ...start };
  const seen: FormSubmitState[] = [];
  const reported: FormFailure[] = [];
  const ok = await runFormSubmit(action, {
    update: (change) => {
      state = change(state);
      seen.push(state);
    },
    describe: (error) => formFailure(error, t, { failed: "Check the form." }),
    report: (failure) => reported.push(failure),
  });
  return { ok, state, seen, reported };
}

describe("runFormSubmit", () => {
  it("is busy while the action runs, clears the last outcome, and keeps what the action shows", async () => {
    let busyDuring = false;
    let state: FormSubmitState = { ...IDLE_FORM, error: "Old.", fieldErrors: { a: "A" } };
    const ok = await runFormSubmit(
      () => {
        busyDuring =
          state.busy && state.error === null && Object.keys(state.fieldErrors).length === 0;
        state = { ...state, success: "Sent." };
        return Promise.resolve();
      },
      {
        update: (change) => {
          state = change(state);
        },
        describe: () => ({ fields: {}, message: null }),
        report: () => undefined,
      },
    );
    expect(ok).toBe(true);
    expect(busyDuring).toBe(true);
    expect(state).toEqual({ ...IDLE_FORM, success: "Sent." });
  });

  it("shows and reports a failure, then is no longer busy", async () => {
    const error = refusal({ email: { code: "validation_required", message: "x" } });
    const { ok, state, reported } = await submit(() => Promise.reject(error), {
      success: "Sent before.",
    });
    expect(ok).toBe(false);
    expect(state).toEqual({
      busy: false,
      error: "Check the form.",
      detail: null,
      fieldErrors: { email: "Cannot be blank." },
      success: null,
    });
    expect(reported).toEqual([
      { fields: { email: "Cannot be blank." }, message: "Check the form.", detail: null },
    ]);
  });

  it("leaves a failure the action handled itself to the action", async () => {
    const { ok, state, reported } = await submit(async () => {
      try {
        await Promise.reject(
          refusal({ token: { code: "validation_invalid_token", message: "x" } }),
        );
      } catch {
        // e.g. the page shows "this link expired" instead of the form.
      }
    });
    expect(ok).toBe(true);
    expect(state).toEqual(IDLE_FORM);
    expect(reported).toEqual([]);
  });
});
