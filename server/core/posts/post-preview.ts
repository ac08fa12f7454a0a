/**
 * Private preview links of posts (issue 25): the author of a post makes a secret link that
 * shows the post, a draft or scheduled one included, to anyone who has it, without an
 * account, until they stop it. The secret (32 random letters and digits) lives in
 * `posts.previewToken`, which only the author is shown; a new link replaces the old one.
 *
 * SECURITY: making or stopping a link takes the right to change the post (its update rule:
 * the author, a writer); anyone else gets the same 404 as for a post that does not exist. The
 * secret is written directly (no revision, no realtime event), and a preview shows the post
 * as a guest is shown its fields (no secret, the author's address hidden as usual).
 */
import { requireCollection } from "../collections/collection-lookup.ts";
import { notFound, unauthorized } from "../errors.ts";
import { generateFromPattern } from "../models/fields/text.ts";
import type { RecordService } from "../records/record-service.ts";
import { guestRequest, type RecordData, type RequestInfo } from "../records/request-info.ts";
import { findRowsByIds, updateRow } from "../../data/repositories/record-repository.ts";
import { findPostByPreviewToken } from "../../data/repositories/post-preview-repository.ts";

/** The shape of a preview secret. */
export const PREVIEW_TOKEN = /^[a-z0-9]{32}$/;

/** Makes, stops and reads posts' private preview links (see the module comment). */
export class PostPreviews {
  private readonly records: RecordService;

  constructor(records: RecordService) {
    this.records = records;
  }

  /** A new secret for the post `id` (the old link stops working). */
  async make(request: RequestInfo, id: string): Promise<{ previewToken: string }> {
    await this.mayChange(request, id);
    const previewToken = generateFromPattern("[a-z0-9]{32}");
    await updateRow(this.records.db.kysely, requireCollection("posts"), id, { previewToken });
    return { previewToken };
  }

  /** Stops the post's link. */
  async stop(request: RequestInfo, id: string): Promise<void> {
    await this.mayChange(request, id);
    await updateRow(this.records.db.kysely, requireCollection("posts"), id, { previewToken: "" });
  }

  /** The post a link's secret names, with its author, as a guest is shown its fields. */
  async read(token: string): Promise<RecordData> {
    if (!PREVIEW_TOKEN.test(token)) throw notFound();
    const row = await findPostByPreviewToken(this.records.db.kysely, token);
    if (!row) throw notFound();
    const [post] = await this.records.present(
      requireCollection("posts"),
      [row],
      guestRequest(),
      "author",
    );
    if (!post) throw notFound();
    return post;
  }

  /** Throws unless the request may change the post `id` (401 for a guest, else 404). */
  private async mayChange(request: RequestInfo, id: string): Promise<void> {
    if (!request.auth) throw unauthorized();
    const posts = requireCollection("posts");
    const [row] = await findRowsByIds(this.records.db.kysely, posts, [id]);
    const rule = posts.updateRule;
    if (!row || rule === null || request.auth.isSuperuser) throw notFound();
    if (!(await this.records.recordMatchesRule(posts, rule, request, id))) throw notFound();
  }
}
