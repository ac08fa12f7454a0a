/**
 * Comments (issue 26, ADR 065) as a module: the record hooks that decide what the
 * `comments` rules cannot (the record, its mode, a guest's proof of work, the status, the edit
 * window), the mail it sends through the job queue, and its routes: the guests' challenge,
 * the approved counts and blocking a commenter. Comments themselves are read and written
 * through the records API. A change that shows to guests clears the page cache through the
 * page cache's own record hook (the comments' read rule is what a guest sees).
 */
import { createHmac } from "node:crypto";
import { registerCommentHooks } from "../core/comments/comment-hooks.ts";
import { CommentMail } from "../core/comments/comment-mail.ts";
import { CommentProof } from "../core/comments/comment-proof.ts";
import { CommentService } from "../core/comments/comment-service.ts";
import { mailSite } from "../core/mail/mail-layout.ts";
import type { Mailer } from "../core/mail/mailer.ts";
import { registerCommentBlockRoute } from "../http/comments/comment-block.ts";
import { registerCommentChallengeRoute } from "../http/comments/comment-challenge.ts";
import { registerCommentCountsRoute } from "../http/comments/comment-counts.ts";
import type { Kernel } from "../kernel/module.ts";

/** What the comments module answers. */
export interface CommentsParts {
  comments: CommentService;
  proof: CommentProof;
  mail: CommentMail;
  /** The clock of the edit window, counts and mail (tests move it). */
  clock: { now: () => number };
}

/** Makes the comments' parts and registers their hooks, jobs and routes. */
export function commentsModule(
  kernel: Kernel,
  deps: { mailer: Mailer; secret: string },
): CommentsParts {
  const { db, records, settings, config } = kernel;
  const clock = { now: () => Date.now() };
  const now = () => clock.now();
  const proof = new CommentProof({
    secret: createHmac("sha256", deps.secret).update("comments").digest("hex"),
    now,
  });
  registerCommentHooks(records.hooks, {
    settings: () => settings.comments,
    proof,
    now,
    records,
  });
  const mail = new CommentMail({
    db,
    jobs: kernel.jobs,
    deliver: (message) => deps.mailer.transport.deliver({ ...message, from: deps.mailer.from }),
    site: () => mailSite(config.appUrl, settings.appName, settings.identity.footer),
    now,
  });
  mail.register(records.hooks);
  const comments = new CommentService({ db, records, now });
  kernel.routes.push((app) => {
    registerCommentChallengeRoute(app, proof);
    registerCommentCountsRoute(app, comments);
    registerCommentBlockRoute(app, comments);
  });
  return { comments, proof, mail, clock };
}
