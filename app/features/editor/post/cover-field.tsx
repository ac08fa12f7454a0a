/**
 * A post's cover image in its form: the stored cover (a thumbnail) or the picked image (a
 * local preview), choose, replace, remove and keep again. The file goes with the save.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ImagePlus, Undo2, X } from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { POST_COVER_MAX_SIZE } from "#shared/records/file-limits.ts";

/** Largest cover in bytes (the registry's `maxSize`, which reads the same module). */
export const MAX_COVER_SIZE = POST_COVER_MAX_SIZE;
/** Types a cover may have (the registry's `mimeTypes`). */
export const COVER_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

/** Props of {@link CoverField}. */
export interface CoverFieldProps {
  /** Address of the stored cover's thumbnail, `""` when there is none. */
  storedUrl: string;
  picked: File | null;
  removed: boolean;
  onPick: (file: File | null) => void;
  onToggleRemove: () => void;
  error?: string;
}

/** The cover field. */
export function CoverField(props: CoverFieldProps) {
  const { t } = useAppTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState("");
  const { picked } = props;
  // A picked image is shown from memory (only in the browser: nothing is picked on the server).
  const previewUrl = useMemo(() => (picked ? URL.createObjectURL(picked) : ""), [picked]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const shown = previewUrl || (props.removed ? "" : props.storedUrl);
  const error = localError || props.error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <section aria-labelledby={`${id}-label`} className="grid gap-2">
      <h2 id={`${id}-label`} className="text-sm font-semibold text-stone-900">
        {t("editor:cover.label")}
      </h2>
      <p id={hintId} className="text-sm text-stone-600">
        {t("editor:cover.hint")}
      </p>
      {shown && (
        <img
          src={shown}
          alt={t("editor:cover.preview")}
          className="aspect-[1200/630] w-full max-w-md rounded border border-stone-200 object-cover"
        />
      )}
      {props.removed && !picked && (
        <p className="text-sm text-stone-700">{t("editor:cover.removed")}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
          onClick={() => inputRef.current?.click()}
          className={buttonClass.secondary}
        >
          <ImagePlus aria-hidden size={16} />
          {shown ? t("editor:cover.replace") : t("editor:cover.choose")}
        </button>
        {picked && (
          <button
            type="button"
            onClick={() => {
              props.onPick(null);
            }}
            className={buttonClass.secondary}
          >
            <X aria-hidden size={16} />
            {t("editor:cover.remove")}
          </button>
        )}
        {!picked && props.storedUrl && (
          <button type="button" onClick={props.onToggleRemove} className={buttonClass.secondary}>
            {props.removed ? <Undo2 aria-hidden size={16} /> : <X aria-hidden size={16} />}
            {props.removed ? t("editor:cover.undoRemove") : t("editor:cover.remove")}
          </button>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={COVER_TYPES.join(",")}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (!file) return;
          if (!(COVER_TYPES as readonly string[]).includes(file.type)) {
            setLocalError(t("editor:cover.notImage"));
            return;
          }
          if (file.size > MAX_COVER_SIZE) {
            setLocalError(t("editor:cover.tooLarge"));
            return;
          }
          setLocalError("");
          props.onPick(file);
        }}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
