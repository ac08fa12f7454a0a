/**
 * The Markdown editor of entries and posts: a labelled text area rendered by the server (it
 * works before any JavaScript runs, and what is typed into it then is kept), upgraded in the
 * browser to CodeMirror 6 loaded as a chunk of its own; a formatting toolbar; and a live
 * preview rendered by the page (the same renderer readers get), side by side on wide screens
 * and behind Write/Preview tabs on narrow ones.
 *
 * Under both, the live word count and the parent's tools (the history).
 *
 * The parent owns the text (`value`/`onChange`); edits that must land at the caret (an
 * attachment's link) go through the {@link MarkdownEditorHandle} given to `handleRef`. Files
 * pasted or dropped into the text go to the parent (`onFiles`), which uploads them and
 * inserts their links at the caret (a drop first moves it where they fell).
 */
import {
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from "react";
import { flushSync } from "react-dom";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import { WordCount } from "./word-count.tsx";
import type { MarkdownViewHandle } from "./codemirror-view.ts";
import {
  formatText,
  insertSnippet,
  type FormatCommand,
  type TextEdit,
  type TextSelection,
} from "./format-commands.ts";

/** What the parent can do to the text at the caret. */
export interface MarkdownEditorHandle {
  /** Inserts Markdown at the caret (on a line of its own when `block`). */
  insert(snippet: string, block?: boolean): void;
  /** Moves the keyboard focus into the text. */
  focus(): void;
}

/** Props of {@link MarkdownEditor}. */
export interface MarkdownEditorProps {
  /** Form field name of the text area (`content`). */
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Renders the preview of `text`. */
  renderPreview: (text: string) => ReactNode;
  /** A validation message for the text. */
  error?: string;
  /** Picks files to attach (entries). */
  onAttach?: () => void;
  /** Offers an image-from-an-address template (posts). */
  imageTemplate?: boolean;
  /** Picks images to add to the text (posts); no button when absent. */
  onAddImages?: () => void;
  /**
   * Takes files pasted or dropped into the text; without it, a paste or drop of files is
   * left to the browser and the editor.
   */
  onFiles?: (files: File[]) => void;
  /** Ids of more text that describes the editor (a post's images hint), after its own hint. */
  describedBy?: string;
  handleRef?: Ref<MarkdownEditorHandle>;
  /** Tools shown under the text, beside the word count (the history button). */
  tools?: ReactNode;
}

type Mode = "write" | "preview";

/** The editor with its toolbar and preview. */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { t } = useAppTranslation();
  const { value, onChange } = props;
  const id = useId();
  const ids = {
    label: `${id}-label`,
    hint: `${id}-hint`,
    error: `${id}-error`,
    text: `${id}-text`,
    writeTab: `${id}-write-tab`,
    previewTab: `${id}-preview-tab`,
    writePanel: `${id}-write`,
    previewPanel: `${id}-preview`,
  };
  const [mode, setMode] = useState<Mode>("write");
  const [module, setModule] = useState<typeof import("./codemirror-view.ts") | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<MarkdownViewHandle | null>(null);
  // Focus and selection of the text area when CodeMirror replaces it.
  const handoffRef = useRef<{ focused: boolean; selection: TextSelection } | null>(null);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });
  const preview = useDeferredValue(value);
  const describedBy = [ids.hint, props.describedBy ?? "", props.error ? ids.error : ""]
    .filter(Boolean)
    .join(" ");

  // Text typed into the server-rendered text area before hydration is the writer's.
  useEffect(() => {
    const typed = textareaRef.current?.value;
    if (typed !== undefined && typed !== valueRef.current) onChangeRef.current(typed);
  }, []);

  // CodeMirror arrives as its own chunk; the text area stays if it never does.
  useEffect(() => {
    let cancelled = false;
    import("./codemirror-view.ts").then(
      (loaded) => {
        if (cancelled) return;
        const textarea = textareaRef.current;
        handoffRef.current = textarea && {
          focused: document.activeElement === textarea,
          selection: { from: textarea.selectionStart, to: textarea.selectionEnd },
        };
        setModule(loaded);
      },
      (error: unknown) => {
        console.warn("The code editor could not be loaded; the plain text area stays.", error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const placeholder = t("editor:markdown.placeholder");
  useEffect(() => {
    const parent = mountRef.current;
    if (!module || !parent) return;
    const handoff = handoffRef.current;
    const view = module.createMarkdownView({
      parent,
      doc: valueRef.current,
      selection: handoff?.selection,
      placeholder,
      attributes: {
        "aria-labelledby": ids.label,
        "aria-describedby": describedBy,
        ...(props.error ? { "aria-invalid": "true" } : {}),
      },
      onChange: (text) => {
        // The text set from outside (a restored draft) is already the form's.
        if (text === valueRef.current) return;
        // Typed text reaches the form now, not at React's next turn: a page closed right
        // after a keystroke still saves it (the autosave and the draft read the form's values).
        flushSync(() => {
          onChangeRef.current(text);
        });
      },
    });
    viewRef.current = view;
    if (handoff?.focused) view.focus();
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The view is created once per module load; attributes follow below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [module]);

  // Keep CodeMirror's accessible description and state in step with validation.
  useEffect(() => {
    const content = mountRef.current?.querySelector<HTMLElement>(".cm-content");
    if (!content) return;
    content.setAttribute("aria-describedby", describedBy);
    if (props.error) content.setAttribute("aria-invalid", "true");
    else content.removeAttribute("aria-invalid");
  }, [describedBy, props.error, module]);

  // A value set from outside (a restored draft) replaces the text.
  useEffect(() => {
    const view = viewRef.current;
    if (view && view.text() !== value) view.replaceAll(value);
    const textarea = textareaRef.current;
    if (!view && textarea && textarea.value !== value) textarea.value = value;
  }, [value]);

  function currentSelection(): { text: string; selection: TextSelection } {
    const view = viewRef.current;
    if (view) return { text: view.text(), selection: view.selection() };
    const textarea = textareaRef.current;
    return {
      text: textarea?.value ?? valueRef.current,
      selection: textarea
        ? { from: textarea.selectionStart, to: textarea.selectionEnd }
        : { from: valueRef.current.length, to: valueRef.current.length },
    };
  }

  function apply(edit: TextEdit) {
    const view = viewRef.current;
    if (view) {
      view.apply(edit);
      return;
    }
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.setRangeText(edit.insert, edit.from, edit.to, "end");
    textarea.setSelectionRange(edit.selection.from, edit.selection.to);
    textarea.focus();
    onChangeRef.current(textarea.value);
  }

  function format(command: FormatCommand) {
    setMode("write");
    const { text, selection } = currentSelection();
    apply(formatText(command, text, selection));
  }

  useImperativeHandle(props.handleRef, () => ({
    insert: (snippet, block = false) => {
      setMode("write");
      const { text, selection } = currentSelection();
      apply(insertSnippet(text, selection, snippet, block));
    },
    focus: () => {
      if (viewRef.current) viewRef.current.focus();
      else textareaRef.current?.focus();
    },
  }));

  /**
   * Files pasted or dropped into the text, taken before the editor sees them (it would insert
   * a file's name or a copied image's address as text): to the parent, at the caret.
   */
  function takeFiles(event: SyntheticEvent, data: DataTransfer | null, point?: [number, number]) {
    const onFiles = props.onFiles;
    const files = data ? [...data.files] : [];
    if (!onFiles || files.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    if (point) viewRef.current?.caretAt(point[0], point[1]);
    onFiles(files);
  }

  function handleTextareaKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const command = ({ b: "bold", i: "italic", k: "link" } as const)[event.key.toLowerCase()];
    if (!command) return;
    event.preventDefault();
    format(command);
  }

  function handleTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next: Mode = mode === "write" ? "preview" : "write";
    setMode(next);
    document.getElementById(next === "write" ? ids.writeTab : ids.previewTab)?.focus();
  }

  const tab = (which: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      id={which === "write" ? ids.writeTab : ids.previewTab}
      aria-selected={mode === which}
      aria-controls={which === "write" ? ids.writePanel : ids.previewPanel}
      tabIndex={mode === which ? 0 : -1}
      onClick={() => {
        setMode(which);
      }}
      onKeyDown={handleTabKeyDown}
      className={`min-h-11 flex-1 rounded-t border-b-2 px-4 py-2 font-semibold ${
        mode === which
          ? "border-amber-800 text-amber-900"
          : "border-transparent text-stone-700 hover:text-stone-900"
      }`}
    >
      {label}
    </button>
  );

  return (
    <div className="grid gap-2">
      <span id={ids.label} className="block text-sm font-semibold text-stone-900">
        {module ? (
          t("editor:markdown.label")
        ) : (
          <label htmlFor={ids.text}>{t("editor:markdown.label")}</label>
        )}
      </span>
      <p id={ids.hint} className="text-sm text-stone-600">
        {t("editor:markdown.hint")}
      </p>
      <div
        role="tablist"
        aria-label={t("editor:markdown.modes")}
        className="flex border-b border-stone-300 lg:hidden"
      >
        {tab("write", t("editor:markdown.write"))}
        {tab("preview", t("editor:markdown.preview"))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div
          id={ids.writePanel}
          role="tabpanel"
          aria-labelledby={ids.writeTab}
          className={mode === "write" ? "min-w-0" : "hidden min-w-0 lg:block"}
          onPasteCapture={(event) => {
            takeFiles(event, event.clipboardData);
          }}
          onDragOverCapture={(event) => {
            if (!props.onFiles || !event.dataTransfer.types.includes("Files")) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "copy";
          }}
          onDropCapture={(event) => {
            takeFiles(event, event.dataTransfer, [event.clientX, event.clientY]);
          }}
        >
          <EditorToolbar
            controls={ids.text}
            onFormat={format}
            onAttach={props.onAttach}
            onAddImages={props.onAddImages}
            onImage={
              props.imageTemplate
                ? () => {
                    const { text, selection } = currentSelection();
                    const alt =
                      text.slice(selection.from, selection.to) || t("editor:markdown.imageAlt");
                    const snippet = `![${alt}](https://)`;
                    const edit = insertSnippet(text, selection, snippet, true);
                    const start = edit.from + edit.insert.indexOf("https://");
                    apply({ ...edit, selection: { from: start, to: start + "https://".length } });
                  }
                : undefined
            }
          />
          {module ? (
            <div
              ref={mountRef}
              // The toolbar's `aria-controls` target, from the first render of the editor.
              id={ids.text}
              data-testid="markdown-editor"
              className="overflow-hidden rounded-b border border-stone-400 bg-white"
            />
          ) : (
            <textarea
              ref={textareaRef}
              id={ids.text}
              name={props.name}
              defaultValue={value}
              onChange={(event) => {
                onChange(event.currentTarget.value);
              }}
              onKeyDown={handleTextareaKeyDown}
              aria-describedby={describedBy}
              aria-invalid={props.error ? true : undefined}
              placeholder={placeholder}
              rows={16}
              spellCheck
              className="block min-h-72 w-full rounded-b border border-stone-400 bg-white px-3 py-2 font-mono text-stone-900 aria-invalid:border-red-700"
            />
          )}
          {props.error && (
            <p id={ids.error} className="mt-1 text-sm font-medium text-red-800">
              {props.error}
            </p>
          )}
        </div>
        <section
          id={ids.previewPanel}
          role="tabpanel"
          aria-labelledby={ids.previewTab}
          className={`${mode === "preview" ? "" : "hidden lg:block"} min-w-0 rounded border border-stone-200 bg-white p-4`}
        >
          <h2 className="mb-2 hidden text-sm font-semibold uppercase tracking-wide text-stone-600 lg:block">
            {t("editor:markdown.preview")}
          </h2>
          <div data-testid="markdown-preview">
            {preview.trim() === "" ? (
              <p className="text-stone-600">{t("editor:markdown.emptyPreview")}</p>
            ) : (
              props.renderPreview(preview)
            )}
          </div>
        </section>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <WordCount text={preview} />
        {props.tools}
      </div>
    </div>
  );
}
