/**
 * `[[wikilinks]]` between the notes of a Markdown import (Obsidian's, Foam's, Logseq's way of
 * linking): `[[Note]]`, `[[Note|label]]`, `[[folder/Note]]`, `[[Note#Heading]]`. Each is
 * taken out of the text as a placeholder; once every note is read, a link whose target names
 * a note of the archive (by its path or file name without the extension, or by its title,
 * ignoring case) is planned, the others go back into the text as they were written. Embeds
 * (`![[image.png]]`) and anything in code are left alone. The writer turns a planned link into
 * a Markdown link to the page of the note it points at (import-note-links.ts).
 */
import path from "node:path";
import type { PlannedNoteLink, Placeholders } from "../import-plan.ts";

const WIKILINK = /(!?)\[\[([^[\]|\n]+?)(?:\|([^[\]\n]+?))?\]\]/g;
/** Fenced code blocks and code spans: no links in them. */
const CODE =
  /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))|(`+)[^`][\s\S]*?\2/gm;

/** A wikilink found in a note, waiting for its target to be known. */
interface FoundLink {
  placeholder: string;
  /** The target as written, without its `#heading` part, lower-cased. */
  target: string;
  label: string;
  written: string;
}

/** A note of the import, as its links may name it. */
export interface LinkableNote {
  key: string;
  /** Its name in the archive. */
  name: string;
  title: string;
}

/** Collects the wikilinks of an import's notes, then plans those whose target is one of them. */
export class Wikilinks {
  private readonly found = new Map<string, FoundLink[]>();
  private readonly notes: LinkableNote[] = [];
  private readonly placeholders: Placeholders;

  constructor(placeholders: Placeholders) {
    this.placeholders = placeholders;
  }

  /** Takes the wikilinks out of the text of the note `note`; answers the text with placeholders. */
  take(note: LinkableNote, text: string): string {
    this.notes.push(note);
    const links: FoundLink[] = [];
    const swap = (prose: string) =>
      prose.replace(WIKILINK, (written, embed: string, target: string, label?: string) => {
        const name = target.replace(/[#^].*$/, "").trim();
        if (embed || !name) return written;
        const placeholder = this.placeholders.next();
        const shown = (label ?? target).trim().replace(/\s+/g, " ");
        links.push({ placeholder, target: name.toLowerCase(), label: shown, written });
        return placeholder;
      });
    let out = "";
    let at = 0;
    for (const code of text.matchAll(CODE)) {
      out += swap(text.slice(at, code.index)) + code[0];
      at = code.index + code[0].length;
    }
    out += swap(text.slice(at));
    if (links.length > 0) this.found.set(note.key, links);
    return out;
  }

  /**
   * The links whose target is a note of the import; the text of the others (through
   * `unresolved`: the note's key, its placeholder and the link as written) goes back as written.
   */
  resolve(
    unresolved: (key: string, placeholder: string, written: string) => void,
  ): PlannedNoteLink[] {
    const byName = new Map<string, string>();
    const bySecond = new Map<string, string>();
    for (const note of this.notes) {
      const stem = note.name.replace(/\.[^./]+$/, "").toLowerCase();
      byName.set(stem, note.key);
      // File name first, then title: the first note of each keeps it.
      const base = path.posix.basename(stem);
      if (!bySecond.has(base)) bySecond.set(base, note.key);
    }
    for (const note of this.notes) {
      const title = note.title.toLowerCase();
      if (!bySecond.has(title)) bySecond.set(title, note.key);
    }
    const planned: PlannedNoteLink[] = [];
    for (const [from, links] of this.found)
      for (const link of links) {
        const to =
          byName.get(link.target.replace(/\.(md|markdown|mdown|txt)$/, "")) ??
          bySecond.get(link.target);
        if (to)
          planned.push({
            from,
            to,
            placeholder: link.placeholder,
            label: link.label,
            written: link.written,
          });
        else unresolved(from, link.placeholder, link.written);
      }
    return planned;
  }
}
