/**
 * The avatar control of the profile form: the current avatar (or initials), a file chooser
 * with an instant preview of the chosen image, and a button that removes the avatar when the
 * form is saved. Type and size are checked here for a quick answer; the API checks again.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { Avatar, type AvatarUser } from "../../components/ui/avatar.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** Image types the `users.avatar` field accepts. */
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

/** Largest avatar file the `users.avatar` field accepts, in bytes (5 MB). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** What the form sends for the avatar: a new file, a removal, or nothing. */
export type AvatarChange =
  | { kind: "keep" }
  | { kind: "remove" }
  /** `preview` is an object URL of `file`, revoked when the choice changes. */
  | { kind: "upload"; file: File; preview: string };

/** Why a chosen file is refused before upload, or `null` when it may be sent. */
export function avatarFileProblem(
  file: Pick<File, "size" | "type">,
): "tooLarge" | "wrongType" | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return "wrongType";
  if (file.size > AVATAR_MAX_BYTES) return "tooLarge";
  return null;
}

/** The avatar control; reports each change through `onChange`. */
export function AvatarField(props: {
  user: AvatarUser;
  change: AvatarChange;
  onChange: (change: AvatarChange) => void;
  /** An error from the API for the `avatar` field. */
  error?: string;
}) {
  const { t } = useAppTranslation();
  const { user, change, onChange } = props;
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Keeping or removing the avatar drops the file chosen before, in the chooser too.
  useEffect(() => {
    if (change.kind !== "upload" && input.current) input.current.value = "";
  }, [change.kind]);

  // The preview of a chosen file lives as long as the choice.
  const preview = change.kind === "upload" ? change.preview : null;
  useEffect(() => {
    if (!preview) return;
    return () => {
      URL.revokeObjectURL(preview);
    };
  }, [preview]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    if (!chosen) return;
    const refusal = avatarFileProblem(chosen);
    if (refusal) {
      setProblem(t(`account:settings.avatar.${refusal}`));
      event.currentTarget.value = "";
      return;
    }
    setProblem(null);
    onChange({ kind: "upload", file: chosen, preview: URL.createObjectURL(chosen) });
  }

  const error = problem ?? props.error;
  const hasAvatar = Boolean(user.avatar);
  const file = change.kind === "upload" ? change.file : null;
  const describedBy = [
    hintId,
    error ? errorId : "",
    change.kind === "remove" ? `${inputId}-removed` : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="grid gap-3">
      <label htmlFor={inputId} className="block text-sm font-semibold text-stone-900">
        {t("account:settings.avatar.label")}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img
            src={preview}
            alt={t("account:settings.avatar.preview")}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full bg-stone-200 object-cover"
            data-testid="avatar-preview"
          />
        ) : (
          <span data-testid="avatar-current">
            <Avatar
              user={change.kind === "remove" ? { ...user, avatar: "" } : user}
              size="large"
              decorative
              loading="eager"
            />
          </span>
        )}
        <div className="grid min-w-0 flex-1 gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={AVATAR_TYPES.join(",")}
            onChange={choose}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="block w-full text-sm text-stone-800 file:mr-3 file:rounded file:border file:border-stone-400 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-stone-900 hover:file:bg-stone-100"
          />
          {(hasAvatar || file) && (
            <div>
              {change.kind === "remove" ? (
                <button
                  type="button"
                  onClick={() => {
                    onChange({ kind: "keep" });
                  }}
                  className="rounded text-sm font-medium text-stone-800 underline underline-offset-4"
                >
                  {t("account:settings.avatar.undoRemove")}
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => {
                    setProblem(null);
                    onChange(hasAvatar ? { kind: "remove" } : { kind: "keep" });
                  }}
                  className="rounded text-sm font-medium text-red-800 underline underline-offset-4"
                >
                  {t("account:settings.avatar.remove")}
                </button>
              )}
            </div>
          )}
        </div>
      </div>
      <p id={hintId} className="text-sm text-stone-600">
        {t("account:settings.avatar.hint")}
      </p>
      {change.kind === "remove" && (
        <p id={`${inputId}-removed`} role="status" className="text-sm text-stone-800">
          {t("account:settings.avatar.removed")}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
