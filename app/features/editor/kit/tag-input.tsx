/**
 * A tag field: tags as removable chips and a text box that adds one on Enter or a comma (a
 * pasted "a, b, c" adds three). Backspace in the empty box removes the last tag. Limits match
 * the registry (20 tags of at most 40 characters); additions and removals are announced to
 * screen readers. A hidden `tags` input carries the list (comma-separated) for the server
 * render.
 */
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { X } from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { inputClass } from "../../../components/ui/form-field.tsx";

/** Most tags a record holds (the registry's `maxSelect`). */
export const MAX_TAGS = 20;
/** Longest tag (the registry's `maxLength`). */
export const MAX_TAG_LENGTH = 40;

/** Props of {@link TagInput}. */
export interface TagInputProps {
  /** Id of the text box (generated when absent). */
  id?: string;
  name: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** A validation message from the API. */
  error?: string;
}

/**
 * Adds the tags of `text` (comma-separated) to `tags`: trimmed, without duplicates (compared
 * case-insensitively), at most {@link MAX_TAGS}. Returns the new list and what was refused.
 */
export function addTags(
  tags: string[],
  text: string,
): { tags: string[]; added: string[]; tooLong: boolean; full: boolean } {
  const out = [...tags];
  const added: string[] = [];
  let tooLong = false;
  let full = false;
  for (const raw of text.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (tag === "") continue;
    if (Array.from(tag).length > MAX_TAG_LENGTH) {
      tooLong = true;
      continue;
    }
    if (out.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
    if (out.length >= MAX_TAGS) {
      full = true;
      continue;
    }
    out.push(tag);
    added.push(tag);
  }
  return { tags: out, added, tooLong, full };
}

/** The tag field. */
export function TagInput(props: TagInputProps) {
  const { t } = useAppTranslation();
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const [text, setText] = useState("");
  const [notice, setNotice] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const { value, onChange } = props;
  const full = value.length >= MAX_TAGS;
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, notice ? noticeId : "", props.error ? errorId : ""]
    .filter(Boolean)
    .join(" ");

  function commit(input: string): string {
    const result = addTags(value, input);
    if (result.added.length) {
      onChange(result.tags);
      setAnnouncement(result.added.map((tag) => t("editor:fields.tagAdded", { tag })).join(" "));
    }
    setNotice(
      result.tooLong
        ? t("editor:fields.tagTooLong", { max: MAX_TAG_LENGTH })
        : result.full
          ? t("editor:fields.tagsFull", { max: MAX_TAGS })
          : "",
    );
    return result.tooLong ? (input.split(",").pop()?.trim() ?? "") : "";
  }

  function remove(tag: string) {
    onChange(value.filter((existing) => existing !== tag));
    setNotice("");
    setAnnouncement(t("editor:fields.tagRemoved", { tag }));
    inputRef.current?.focus();
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.currentTarget.value;
    if (next.includes(",")) {
      const cut = next.lastIndexOf(",");
      const left = commit(next.slice(0, cut));
      setText(left || next.slice(cut + 1));
      return;
    }
    setText(next);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      // Enter adds a tag; it never submits the form from here.
      event.preventDefault();
      setText(commit(text));
    } else if (event.key === "Backspace" && text === "" && value.length > 0) {
      event.preventDefault();
      const last = value[value.length - 1];
      if (last !== undefined) remove(last);
    }
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-900">
        {t("editor:fields.tags")}
      </label>
      {value.length > 0 && (
        <ul aria-label={t("editor:fields.tags")} className="mt-2 flex flex-wrap gap-2">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-stone-200 py-0.5 pr-1 pl-3 text-sm text-stone-900"
            >
              <span>{tag}</span>
              <button
                type="button"
                onClick={() => {
                  remove(tag);
                }}
                aria-label={t("editor:fields.removeTag", { tag })}
                className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-stone-300 focus-visible:outline-2 focus-visible:outline-amber-800"
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        id={id}
        type="text"
        value={text}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          if (text.trim()) setText(commit(text));
        }}
        disabled={full}
        placeholder={full ? "" : t("editor:fields.addTag")}
        aria-describedby={describedBy}
        aria-invalid={props.error ? true : undefined}
        maxLength={MAX_TAG_LENGTH * MAX_TAGS}
        autoComplete="off"
        className={inputClass}
      />
      <input type="hidden" name={props.name} value={value.join(",")} />
      <p id={hintId} className="mt-1 text-sm text-stone-600">
        {full
          ? t("editor:fields.tagsFull", { max: MAX_TAGS })
          : t("editor:fields.tagsHint", { max: MAX_TAGS })}
      </p>
      {notice && (
        <p id={noticeId} className="mt-1 text-sm text-amber-900">
          {notice}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {props.error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
