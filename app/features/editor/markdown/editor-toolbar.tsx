/**
 * The editor's formatting toolbar, after the WAI-ARIA toolbar pattern: one tab stop, arrow
 * keys (and Home/End) move between the buttons, each button has a spoken name (with its
 * shortcut) and a visible tooltip, and the toolbar says which text it formats.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import {
  Bold,
  Code,
  Heading2,
  Image as ImageIcon,
  ImagePlus,
  Italic,
  Link2,
  List,
  Paperclip,
  Quote,
} from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import type { FormatCommand } from "./format-commands.ts";

/** Props of {@link EditorToolbar}. */
export interface EditorToolbarProps {
  /** Id of the text the buttons act on. */
  controls: string;
  onFormat: (command: FormatCommand) => void;
  /** Picks files to attach and insert (entries); no button when absent. */
  onAttach?: () => void;
  /** Picks images from the device to add to the text (posts); no button when absent. */
  onAddImages?: () => void;
  /** Inserts an image template (posts); no button when absent. */
  onImage?: () => void;
}

interface ToolbarButton {
  key: string;
  label: string;
  icon: ReactNode;
  run: () => void;
}

/** The toolbar above the editor. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useAppTranslation();
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const icon = { "aria-hidden": true, size: 18 } as const;
  const format = (command: FormatCommand) => () => {
    props.onFormat(command);
  };
  const buttons: ToolbarButton[] = [
    {
      key: "bold",
      label: t("editor:markdown.bold"),
      icon: <Bold {...icon} />,
      run: format("bold"),
    },
    {
      key: "italic",
      label: t("editor:markdown.italic"),
      icon: <Italic {...icon} />,
      run: format("italic"),
    },
    {
      key: "heading",
      label: t("editor:markdown.heading"),
      icon: <Heading2 {...icon} />,
      run: format("heading"),
    },
    {
      key: "link",
      label: t("editor:markdown.link"),
      icon: <Link2 {...icon} />,
      run: format("link"),
    },
    {
      key: "quote",
      label: t("editor:markdown.quote"),
      icon: <Quote {...icon} />,
      run: format("quote"),
    },
    {
      key: "list",
      label: t("editor:markdown.list"),
      icon: <List {...icon} />,
      run: format("list"),
    },
    {
      key: "code",
      label: t("editor:markdown.code"),
      icon: <Code {...icon} />,
      run: format("code"),
    },
  ];
  if (props.onAttach) {
    const attach = props.onAttach;
    buttons.push({
      key: "attach",
      label: t("editor:markdown.attach"),
      icon: <Paperclip {...icon} />,
      run: attach,
    });
  }
  if (props.onAddImages) {
    const addImages = props.onAddImages;
    buttons.push({
      key: "addImages",
      label: t("editor:markdown.addImages"),
      icon: <ImagePlus {...icon} />,
      run: addImages,
    });
  }
  if (props.onImage) {
    const image = props.onImage;
    buttons.push({
      key: "image",
      label: t("editor:markdown.image"),
      icon: <ImageIcon {...icon} />,
      run: image,
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = buttons.length - 1;
    const next =
      event.key === "ArrowRight"
        ? active === last
          ? 0
          : active + 1
        : event.key === "ArrowLeft"
          ? active === 0
            ? last
            : active - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label={t("editor:markdown.toolbar")}
      aria-controls={props.controls}
      onKeyDown={handleKeyDown}
      className="flex flex-wrap gap-1 rounded-t border border-b-0 border-stone-400 bg-stone-50 p-1"
    >
      {buttons.map((button, index) => (
        <button
          key={button.key}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          tabIndex={index === active ? 0 : -1}
          aria-label={button.label}
          title={button.label}
          data-command={button.key}
          onFocus={() => {
            setActive(index);
          }}
          // Keep the text's selection: the button acts on it without taking focus first.
          onMouseDown={(event) => {
            event.preventDefault();
          }}
          onClick={button.run}
          className="inline-flex h-11 min-w-11 items-center justify-center rounded text-stone-800 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-amber-800"
        >
          {button.icon}
        </button>
      ))}
    </div>
  );
}
