/**
 * The editor's live preview: the text rendered exactly as readers will see it.
 */
import { PlainText } from "../../components/records/record-body.tsx";

/** Props of {@link MarkdownPreview}. */
export interface MarkdownPreviewProps {
  text: string;
  /** Language of the text (a post's `lang`). */
  lang?: string;
  /** A file token appended to images of `ownFiles` (protected files of a private entry). */
  fileToken?: string;
  /** Address prefix of the record's own files (`/api/files/entries/{id}/`). */
  ownFiles?: string;
}

/** Renders the preview. */
export function MarkdownPreview(props: MarkdownPreviewProps) {
  return <PlainText text={props.text} />;
}
