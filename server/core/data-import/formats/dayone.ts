/**
 * `dayone`: Day One's JSON export, a zip archive with one `<Journal name>.json` per journal
 * (`{ metadata, entries: [...] }`) and the media beside it (`photos/<md5>.<type>`, `videos/`,
 * `audios/`, `pdfs/`). Each journal becomes a collection, each entry an entry:
 *
 * - date: `creationDate`; text: the first line is the title (taken out of the text when it
 *   fits one), the rest the body; tags: `tags`, and `starred` as the tag "starred";
 * - photos, videos, audio and PDFs become attachments, and their `dayone-moment://<id>`
 *   (`dayone-moment:/video/<id>`, …) references in the text point at the stored files.
 *
 * Entries are private: Day One has no public entries. The import key is the entry's `uuid`.
 */
import path from "node:path";
import { emptyPlan, skipped, type ImportPlan } from "../import-plan.ts";
import { importFileError } from "../import-errors.ts";
import {
  clamp,
  cleanTags,
  cleanTitle,
  MAX_TAGS,
  MAX_TITLE,
  pbDate,
  runeLength,
  str,
} from "../import-values.ts";
import { list, prop, type FormatContext } from "./format-context.ts";
import { PlannedFiles } from "./planned-files.ts";

/** Media lists of an entry, the folder their files are in, and their name in references. */
const MEDIA = [
  { field: "photos", folder: "photos", reference: "" },
  { field: "videos", folder: "videos", reference: "video" },
  { field: "audios", folder: "audios", reference: "audio" },
  { field: "pdfAttachments", folder: "pdfs", reference: "pdfAttachment" },
] as const;

/** `dayone-moment://ID`, `dayone-moment:/video/ID`, … */
const MOMENT = /dayone-moment:(?:\/\/|\/(?:video|audio|pdfAttachment)\/)([A-Za-z0-9_-]+)/g;

/** The other spellings of a media type's extension in the archive. */
const EXTENSIONS: Record<string, string[]> = {
  jpeg: ["jpeg", "jpg"],
  jpg: ["jpg", "jpeg"],
  heic: ["heic", "jpeg", "jpg"],
  tiff: ["tiff", "tif"],
};

/** Whether a line shows only media (images or links), nothing to title an entry with. */
function isMediaLine(line: string): boolean {
  return line.replace(/!?\[[^\]]*\]\([^)]*\)/g, "").trim() === "";
}

/**
 * The title (the first line with words) and the body: the title line leaves the text when
 * it fits a title, otherwise the text stays whole and the title is its beginning.
 */
function titleAndBody(text: string): { title: string; body: string } {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const index = lines.findIndex((line) => line.trim() !== "" && !isMediaLine(line));
  if (index === -1) return { title: "", body: text.trim() };
  const line = (lines[index] ?? "").replace(/^\s*#{1,6}\s+/, "").trim();
  if (runeLength(line) > MAX_TITLE) return { title: clamp(line, MAX_TITLE), body: text.trim() };
  lines.splice(index, 1);
  return {
    title: line,
    body: lines
      .join("\n")
      .replace(/^\s*\n/, "")
      .trim(),
  };
}

/** Reads a `dayone` upload. */
export async function readDayOne({ source, placeholders }: FormatContext): Promise<ImportPlan> {
  if (!source.isArchive)
    throw importFileError("validation_import_not_archive", "a Day One export is a zip archive");
  const journals = source
    .names()
    .filter((name) => name.toLowerCase().endsWith(".json") && name.split("/").length <= 2);
  const plan = emptyPlan();
  let found = false;
  for (const journalName of journals.sort()) {
    const journal = await source.readJson(journalName);
    const entries = prop(journal, "entries");
    if (!Array.isArray(entries)) continue;
    found = true;
    const folder = path.posix.dirname(journalName) === "." ? "" : path.posix.dirname(journalName);
    const name = path.posix.basename(journalName).replace(/\.json$/i, "");
    const ref = `journal:${journalName}`;
    plan.collections.push({
      key: `dayone:journal:${name.toLowerCase()}`,
      ref,
      label: `journal "${name}"`,
      title: cleanTitle(name, "Day One"),
      name: "",
      description: "",
      visibility: "private",
      always: false,
    });
    /** The archive file of a media item, trying the extension's other spellings. */
    const mediaFile = (mediaFolder: string, item: unknown): string | null => {
      const md5 = str(prop(item, "md5"));
      const type = str(prop(item, "type")).toLowerCase();
      if (!/^[A-Za-z0-9]+$/.test(md5)) return null;
      for (const ext of EXTENSIONS[type] ?? [type || "jpeg"]) {
        const candidate = [folder, mediaFolder, `${md5}.${ext}`].filter(Boolean).join("/");
        const hit = source.find(candidate);
        if (hit) return hit;
      }
      return null;
    };

    for (const entry of entries as unknown[]) {
      const uuid = str(prop(entry, "uuid"));
      if (!/^[A-Za-z0-9-]{1,64}$/.test(uuid))
        throw importFileError(
          "validation_import_invalid",
          `an entry of ${journalName} has no uuid`,
        );
      const files = new PlannedFiles(placeholders);
      const byIdentifier = new Map<string, string>();
      for (const media of MEDIA) {
        for (const item of list(entry, media.field)) {
          const identifier = str(prop(item, "identifier"));
          const file = mediaFile(media.folder, item);
          if (file && identifier) byIdentifier.set(identifier, file);
          else if (identifier)
            plan.skipped.push(
              skipped(`${media.field} ${identifier} of entry ${uuid}`, "not_in_archive"),
            );
        }
      }
      const text = str(prop(entry, "text")).replace(MOMENT, (match, identifier: string) => {
        const file = byIdentifier.get(identifier);
        return file ? files.placeholder(file, match) : match;
      });
      // Media the text does not show are still the entry's.
      for (const file of byIdentifier.values()) files.add(file);
      const { title, body } = titleAndBody(text);
      const date = pbDate(prop(entry, "creationDate"));
      const tags = cleanTags(
        [...list(entry, "tags"), ...(prop(entry, "starred") === true ? ["starred"] : [])],
        (tag) =>
          plan.skipped.push(
            skipped(`tag "${tag}" of entry ${uuid}`, "too_many_tags", { max: MAX_TAGS }),
          ),
      );
      const cleanedTitle = cleanTitle(title, date ? date.slice(0, 10) : "Day One");
      plan.records.push({
        kind: "entry",
        key: `dayone:${uuid}`,
        label: `entry "${cleanedTitle}" (${uuid})`,
        title: cleanedTitle,
        content: body,
        tags,
        name: "",
        visibility: "private",
        date,
        collectionRef: ref,
        attachments: files.list(),
      });
    }
  }
  if (!found)
    throw importFileError(
      "validation_import_wrong_format",
      "no Day One journal (a JSON file with entries, such as Journal.json) in the archive",
    );
  return plan;
}
