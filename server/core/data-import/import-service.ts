/**
 * `POST /api/import` (ADR 044): brings another program's export (or Cahier's own) into an
 * account. The upload is checked and read whole into a plan before anything is written (a
 * hostile or broken archive is refused with a 400 and changes nothing), then the plan is
 * written item by item through the records service ({@link ImportWriter}).
 *
 * One import runs at a time per account. Work files live in a private folder under the data
 * folder and are deleted when the import ends, whatever happened.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { importReadsJson, type ImportFormat } from "#shared/records/import-formats.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import { badRequest, CoreError, forbidden, notFound, unauthorized } from "../errors.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import { deleteImportsOf } from "../../data/repositories/import-repository.ts";
import { readCahier } from "./formats/cahier.ts";
import { readDayOne } from "./formats/dayone.ts";
import type { FormatReader } from "./formats/format-context.ts";
import { readGhost } from "./formats/ghost.ts";
import { readMarkdown } from "./formats/markdown.ts";
import { detectImportFormat } from "./detect-format.ts";
import { linkNotes } from "./import-note-links.ts";
import { readWriteFreely } from "./formats/writefreely.ts";
import { removeTree } from "../../tools/filesystem/remove-tree.ts";
import { writeComments } from "./import-comments.ts";
import { writeRevisions } from "./import-revisions.ts";
import { importFileError } from "./import-errors.ts";
import { Placeholders } from "./import-plan.ts";
import { DEFAULT_IMPORT_LIMITS, ImportSource, type ImportLimits } from "./import-source.ts";
import {
  ImportWriter,
  type ImportReport,
  type ImportTarget,
  type WriteOptions,
} from "./import-writer.ts";

export {
  IMPORT_FORMATS,
  isImportFormat,
  type ImportFormat,
} from "#shared/records/import-formats.ts";
export type { ImportReport } from "./import-writer.ts";
export type { ImportLimits } from "./import-source.ts";

/** How `POST /api/import` reads each format (`shared/records/import-formats.ts` lists them). */
const READERS = {
  cahier: readCahier,
  dayone: readDayOne,
  ghost: readGhost,
  writefreely: readWriteFreely,
  markdown: readMarkdown,
} satisfies Record<ImportFormat, FormatReader>;

const ID_PATTERN = /^[a-z0-9]+$/;

/** How {@link DataImportService.run} runs. */
export interface ImportRunOptions extends WriteOptions {
  /** Only report what would be imported (every write rolled back). */
  dryRun: boolean;
}

/** A private work folder of one import, and where its upload goes. */
export interface ImportWorkspace {
  folder: string;
  upload: string;
}

/** Imports into accounts. */
export class DataImportService {
  /** Limits of every import (tests lower them). */
  limits: ImportLimits;
  private readonly records: RecordService;
  private readonly workDir: string;
  private readonly running = new Set<string>();
  private readonly users = requireCollection("users");

  /**
   * @param workDir the data folder: work files go to `<workDir>/imports/`
   */
  constructor(
    records: RecordService,
    workDir: string,
    limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
  ) {
    this.records = records;
    this.workDir = workDir;
    this.limits = { ...limits };
    this.removeStaleWorkspaces();
    // An account's import keys go with it (in the transaction of its deletion).
    records.hooks.on(
      "afterDelete",
      async ({ id, db }) => {
        await deleteImportsOf(db.kysely, id);
      },
      { collections: ["users"] },
    );
  }

  /**
   * Whose account `request` imports into: its own, or (superusers only) the account `user`
   * names by id or username. 401 for guests, 403 for another user's account, 404 when the
   * named account does not exist, 400 for a superuser who names none.
   */
  async target(request: RequestInfo, user: string | undefined): Promise<ImportTarget> {
    const auth = request.auth;
    if (!auth) throw unauthorized();
    const wanted = (user ?? "").trim();
    let owner: RecordData;
    if (auth.isSuperuser) {
      if (!wanted)
        throw badRequest("Superusers import into a user's account: name the user with ?user=.", {
          user: { code: "validation_required", message: "Cannot be blank." },
        });
      const row =
        (ID_PATTERN.test(wanted) ? await this.records.findById(this.users, wanted) : undefined) ??
        (await this.records.findAuthRecord(this.users, "username", wanted));
      if (!row) throw notFound();
      owner = row;
    } else {
      if (auth.collection.id !== this.users.id) throw forbidden();
      const own = String(auth.record.id);
      const username =
        typeof auth.record.username === "string" ? auth.record.username.toLowerCase() : "";
      if (wanted && wanted !== own && wanted.toLowerCase() !== username)
        throw forbidden("You can import only into your own account.");
      const row = await this.records.findById(this.users, own);
      if (!row) throw unauthorized();
      owner = row;
    }
    const role = typeof owner.role === "string" ? owner.role : "";
    return {
      owner: { id: owner.id, username: owner.username, role },
      request: { ...request, query: {}, body: undefined },
      canPost: role === "writer" || role === "admin",
    };
  }

  /**
   * Deletes, at start, the work folders an interrupted process left behind; only those older
   * than an hour, so the running import of another process sharing the data folder is left
   * alone.
   */
  private removeStaleWorkspaces(): void {
    const root = path.join(this.workDir, "imports");
    let names: string[];
    try {
      names = fs.readdirSync(root);
    } catch {
      return;
    }
    const before = Date.now() - 60 * 60 * 1000;
    for (const name of names) {
      const folder = path.join(root, name);
      try {
        if (fs.statSync(folder).mtimeMs < before)
          fs.rmSync(folder, { recursive: true, force: true });
      } catch {
        // Gone already, or not ours to remove: the next start tries again.
      }
    }
  }

  /**
   * The format of the upload of `workspace`, recognised from its files (detect-format.ts),
   * for a request that names none. Opening it checks the archive as an import does (the
   * import opens it again, from the upload).
   */
  async detect(workspace: ImportWorkspace): Promise<ImportFormat> {
    const source = await ImportSource.open(workspace.upload, workspace.folder, this.limits, true);
    return detectImportFormat(source);
  }

  /** A new private work folder (the caller passes it to {@link run}, then discards it). */
  workspace(): ImportWorkspace {
    const root = path.join(this.workDir, "imports");
    fs.mkdirSync(root, { recursive: true, mode: 0o700 });
    const folder = fs.mkdtempSync(path.join(root, `${randomBytes(4).toString("hex")}-`));
    return { folder, upload: path.join(folder, "upload") };
  }

  /** Deletes a work folder. */
  async discard(workspace: ImportWorkspace): Promise<void> {
    // A few files at a time: the thousands of a large archive never crowd out requests.
    await removeTree(workspace.folder);
  }

  /**
   * Imports the upload of `workspace` in `format` into the target's account (or only
   * reports what it would import, with `dryRun`). The workspace stays (the caller discards
   * it): an import stopped by `signal` or by a failure of the database runs again from it,
   * and creates nothing twice. 400 when the upload is not that format or is unsafe; 429
   * while another import of that account runs in this process.
   */
  async run(
    target: ImportTarget,
    format: ImportFormat,
    workspace: ImportWorkspace,
    options: ImportRunOptions,
  ): Promise<ImportReport> {
    const owner = String(target.owner.id);
    if (this.running.has(owner))
      throw new CoreError(
        429,
        "Another import into this account is running; try again when it ends.",
      );
    this.running.add(owner);
    try {
      const source = await ImportSource.open(
        workspace.upload,
        workspace.folder,
        this.limits,
        importReadsJson(format),
      );
      const plan = await READERS[format]({
        source,
        placeholders: new Placeholders(),
        maxItems: this.limits.maxItems,
      });
      const items = plan.collections.length + plan.records.length;
      if (items > this.limits.maxItems)
        throw importFileError(
          "validation_import_too_large",
          `${items} items; one import holds at most ${this.limits.maxItems}`,
        );
      await linkNotes(this.records, target, plan);
      const writer = new ImportWriter(this.records, source, target, options.dryRun);
      const report = await writer.run(plan, options);
      if (!options.dryRun && plan.comments)
        await writeComments(this.records, String(target.owner.id), plan.comments);
      if (!options.dryRun && plan.revisions)
        await writeRevisions(this.records, String(target.owner.id), plan.revisions);
      return report;
    } finally {
      this.running.delete(owner);
    }
  }
}
