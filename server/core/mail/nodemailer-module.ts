/**
 * nodemailer, loaded when the first message is composed: a server that sends no mail never
 * loads it (issue 30, memory at rest). Synchronous (nodemailer is CommonJS).
 */
import { createRequire } from "node:module";
import type Nodemailer from "nodemailer";

/** A nodemailer transport. */
export type MailTransporter = ReturnType<typeof Nodemailer.createTransport>;

let nodemailerModule: typeof Nodemailer | undefined;

/** The nodemailer module. */
export function loadNodemailer(): typeof Nodemailer {
  nodemailerModule ??= createRequire(import.meta.url)("nodemailer") as typeof Nodemailer;
  return nodemailerModule;
}
