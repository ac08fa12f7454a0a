/**
 * The form that writes a comment or a reply (ADR 065): a labelled text area and "Notify me of
 * replies" for a signed-in reader; for a guest also their name and address, a honeypot field
 * `website` that people never see, and the altcha proof of work, solved in the background from
 * the guest's first focus (its code is loaded then, not with the page). A plain `POST` to the
 * page's action: it works without JavaScript for signed-in readers, and a guest without
 * JavaScript is told why they cannot send.
 */
import { useRef, useState, type SubmitEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Checkbox, EmailInput, TextArea, TextInput } from "../../components/ui/form-controls.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { CommentedCollection } from "../../api/comments/comments.ts";
import type { CommentActionData } from "./comment-types.ts";

/** The longest comment the API takes. */
export const COMMENT_MAX_LENGTH = 5000;

/** Props of {@link CommentForm}. */
export interface CommentFormProps {
  recordId: string;
  recordCollection: CommentedCollection;
  /** The comment answered; absent for a comment of the record. */
  parent?: string;
  /** A guest's form (name, address, honeypot, proof of work). */
  guest: boolean;
  /** The action's answer when it refused this form. */
  refused?: CommentActionData | undefined;
}

/** Where a guest's proof of work stands. */
type Proof = { state: "idle" } | { state: "solving"; done: Promise<string> } | { state: "failed" };

/** A comment's (or reply's) form. */
export function CommentForm(props: CommentFormProps) {
  const { t } = useAppTranslation();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const altcha = useRef<HTMLInputElement>(null);
  const [proof, setProof] = useState<Proof>({ state: "idle" });
  const [waiting, setWaiting] = useState(false);
  const parent = props.parent ?? "";
  const key = parent ? `reply-${parent}` : "new";
  const busy =
    waiting ||
    (navigation.state === "submitting" &&
      navigation.formData?.get("intent") === "create" &&
      navigation.formData.get("parent") === parent);
  const refused = props.refused;
  const errors = refused?.errors ?? {};
  const values = refused?.values;

  /** Starts the proof of work at a guest's first focus (loads the solver then). */
  function handleFocus() {
    if (!props.guest || proof.state === "solving") return;
    const done = import("./guest-proof.ts").then(({ proveGuest }) => proveGuest());
    done.catch(() => {
      setProof({ state: "failed" });
    });
    setProof({ state: "solving", done });
  }

  /** Holds a guest's submit until the proof is there, then sends it with the proof. */
  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    if (!props.guest || altcha.current?.value) return;
    event.preventDefault();
    const done =
      proof.state === "solving"
        ? proof.done
        : import("./guest-proof.ts").then(({ proveGuest }) => proveGuest());
    setWaiting(true);
    done
      .then((payload) => {
        if (altcha.current) altcha.current.value = payload;
        form.current?.requestSubmit();
      })
      .catch(() => {
        setProof({ state: "failed" });
      })
      .finally(() => {
        setWaiting(false);
      });
  }

  return (
    <Form
      ref={form}
      method="post"
      preventScrollReset
      noValidate
      onFocus={handleFocus}
      onSubmit={handleSubmit}
      className="grid gap-4"
      aria-label={parent ? t("comments:form.replyLabel") : t("comments:form.label")}
    >
      {refused?.message && <FormMessage kind="error">{refused.message}</FormMessage>}
      {proof.state === "failed" && (
        <FormMessage kind="error">{t("comments:errors.proof")}</FormMessage>
      )}
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="record" value={props.recordId} />
      <input type="hidden" name="recordCollection" value={props.recordCollection} />
      {parent && <input type="hidden" name="parent" value={parent} />}
      {props.guest && (
        <>
          <noscript>
            <p className="text-sm text-stone-700">{t("comments:form.guestNeedsScript")}</p>
          </noscript>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              name="authorName"
              label={t("comments:form.name")}
              autoComplete="name"
              required
              maxLength={100}
              defaultValue={values?.authorName}
              error={errors.authorName}
            />
            <EmailInput
              name="email"
              label={t("comments:form.email")}
              hint={t("comments:form.emailHint")}
              required
              defaultValue={values?.email}
              error={errors.email}
            />
          </div>
          {/* SECURITY: the honeypot. People never see or reach it; robots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={`${key}-website`}>{t("comments:form.website")}</label>
            <input
              id={`${key}-website`}
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <input ref={altcha} type="hidden" name="altcha" defaultValue="" />
        </>
      )}
      <TextArea
        name="content"
        label={parent ? t("comments:form.reply") : t("comments:form.comment")}
        hint={t("comments:form.contentHint")}
        required
        rows={parent ? 3 : 5}
        maxLength={COMMENT_MAX_LENGTH}
        defaultValue={values?.content}
        error={errors.content}
      />
      <Checkbox
        name="notifyReplies"
        label={t("comments:form.notify")}
        defaultChecked={values?.notifyReplies}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy
            ? t("comments:form.sending")
            : parent
              ? t("comments:form.sendReply")
              : t("comments:form.send")}
        </button>
        {props.guest && proof.state === "solving" && waiting && (
          <span role="status" className="text-sm text-stone-600">
            {t("comments:form.proving")}
          </span>
        )}
      </div>
    </Form>
  );
}
