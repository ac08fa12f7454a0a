/**
 * `dayone`: Day One's JSON export, a zip archive with one `<Journal name>.json` per journal
 * (`{ metadata, entries: [...] }`) and the media beside it (`photos/<md5>.<type>`, `videos/`,
 * `audios/`, `pdfs/`). Each journal becomes a collection, each entry an entry:
 *
 * - date: `creationDate`; title: the first line of the text, as plain text (see
 *   {@link titleAndBody}); tags: `tags`, and `starred` as the tag "starred";
 * - photos, videos, audio and PDFs become attachments, and their `dayone-moment://<id>`
 *   (`dayone-moment:/video/<id>`, …) references in the text point at the stored files;
 * - the place (`location`, with a map link when it has coordinates) and the weather
 *   (`weather`: conditions and temperature) end the text, as one line in italics.
 *
 * Entries are private: Day One has no public entries. The import key is the entry's `uuid`.
 */
import path from "node:path";
import { markdownToPlainText, truncate } from "#shared/markdown/plain-text.ts";
import { emptyPlan, skipped, type ImportPlan } from "../import-plan.ts";
import { importFileError } from "../import-errors.ts";
import {
  cleanTags,
  cleanTitle,
  MAX_TAGS,
  MAX_TITLE,
  pbDate,
  runeLength,
  str,
} from "../import-values.ts";
import { checkItemCount, list, prop, type FormatContext } from "./format-context.ts";
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

/** A Markdown heading line (`# Title`). */
const HEADING = /^ {0,3}#{1,6}\s/;

/**
 * The title and the body of an entry's text (issue 25 item 6). The title is the plain text
 * (Markdown taken out) of the first line with words. That line leaves the body when it is a
 * heading, or plain text followed by more (Day One shows its first line as the title);
 * otherwise (a line with Markdown, the entry's only line, a line too long for a title) the
 * text stays whole, so no word and no formatting is lost and the body is never empty.
 */
export function titleAndBody(text: string): { title: string; body: string } {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const whole = lines.join("\n").trim();
  const index = lines.findIndex((line) => line.trim() !== "" && !isMediaLine(line));
  if (index === -1) return { title: "", body: whole };
  const line = lines[index] ?? "";
  const plain = markdownToPlainText(line);
  // The title line leaves with one blank line around it, so paragraphs stay one blank apart.
  const after = lines[index + 1]?.trim() === "" ? index + 2 : index + 1;
  const rest = [...lines.slice(0, index), ...lines.slice(after)].join("\n").trim();
  const isTitle = HEADING.test(line) || plain === line.trim();
  if (!isTitle || rest === "" || runeLength(plain) > MAX_TITLE)
    return { title: truncate(plain, MAX_TITLE), body: whole };
  return { title: plain, body: rest };
}

/** `text` with the characters that would start Markdown inline syntax escaped. */
function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, (char) => `\\${char}`);
}

/** A coordinate of `location` within `limit` degrees, rounded to 6 decimals (about 0.1 m). */
function coordinate(location: unknown, key: string, limit: number): number | null {
  const value = prop(location, key);
  if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > limit) return null;
  return Number(value.toFixed(6));
}

/**
 * An entry's place and weather as one line of Markdown in italics, or `""` without either:
 * `*[Étretat, Normandie, France](https://www.openstreetmap.org/…) · Partly Cloudy, 12 °C*`.
 * Words are Day One's (place names, its weather conditions), none of ours, so the line reads
 * the same in any language.
 */
export function placeAndWeather(entry: unknown): string {
  const location = prop(entry, "location");
  const names = ["placeName", "localityName", "administrativeArea", "country"]
    .map((key) => str(prop(location, key)).trim())
    .filter((name, index, all) => name !== "" && all.indexOf(name) === index);
  let place = escapeInline(names.join(", "));
  const latitude = coordinate(location, "latitude", 90);
  const longitude = coordinate(location, "longitude", 180);
  if (latitude !== null && longitude !== null) {
    const at = `${String(latitude)}/${String(longitude)}`;
    const map = `https://www.openstreetmap.org/?mlat=${String(latitude)}&mlon=${String(longitude)}#map=15/${at}`;
    place = `[${place || `${String(latitude)}, ${String(longitude)}`}](${map})`;
  }
  const weather = prop(entry, "weather");
  const celsius = prop(weather, "temperatureCelsius");
  const sky = [
    escapeInline(str(prop(weather, "conditionsDescription")).trim()),
    typeof celsius === "number" && Number.isFinite(celsius)
      ? `${String(Math.round(celsius))}\u00a0°C`
      : "",
  ]
    .filter(Boolean)
    .join(", ");
  const line = [place, sky].filter(Boolean).join(" · ");
  return line ? `*${line}*` : "";
}

/** Reads a `dayone` upload. */
export async function readDayOne(context: FormatContext): Promise<ImportPlan> {
  const { source, placeholders } = context;
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
    // Counted as each journal is read, before its entries are planned (issue 23 finding 2).
    checkItemCount(plan.collections.length + plan.records.length + 1 + entries.length, context);
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
      const parts = titleAndBody(text);
      // Where and in what weather it was written, kept as the text's last line.
      const body = [parts.body, placeAndWeather(entry)].filter(Boolean).join("\n\n");
      const date = pbDate(prop(entry, "creationDate"));
      const tags = cleanTags(
        [...list(entry, "tags"), ...(prop(entry, "starred") === true ? ["starred"] : [])],
        (tag) =>
          plan.skipped.push(
            skipped(`tag "${tag}" of entry ${uuid}`, "too_many_tags", { max: MAX_TAGS }),
          ),
      );
      const cleanedTitle = cleanTitle(parts.title, date ? date.slice(0, 10) : "Day One");
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
