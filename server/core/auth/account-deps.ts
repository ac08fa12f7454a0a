/**
 * What the account flows share: their dependencies (and a base class holding them), mail
 * recipients, saving auth records.
 */
import type { Row } from "../../data/repositories/record-repository.ts";
import type { Database } from "../../data/db.ts";
import { badRequest, CoreError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mailLocale, mailSite, type MailRecipient, type MailSite } from "../mail/templates.ts";
import type { AuthCollection } from "../models/collection.ts";
import type { RecordService } from "../records/record-service.ts";
import { operatorRequest, type AuthInfo, type RecordData } from "../records/request-info.ts";
import type { AuthService } from "./auth-service.ts";
import type { AuthThrottle } from "./auth-throttle.ts";
import type { SecondFactors } from "./mfa/second-factor.ts";
import type { RecordTokens } from "./record-tokens.ts";

/** What the mails of the account flows need of the site. */
export interface MailSiteDeps {
  /** Public base URL of the web app, without a trailing slash (`APP_URL`). */
  appUrl: string;
  /** The site's name, as its settings have it now (mails name the site, issue 25 item 3). */
  appName: () => string;
}

/** The site a mail sent now comes from. */
export function siteOf(deps: MailSiteDeps): MailSite {
  return mailSite(deps.appUrl, deps.appName());
}

/** What the account flows need. */
export interface AccountDeps extends MailSiteDeps {
  db: Database;
  records: RecordService;
  auth: AuthService;
  tokens: RecordTokens;
  throttle: AuthThrottle;
  mailer: Mailer;
  /** Every second factor: the first proof of an address removes them (ADR 056). */
  secondFactors: Pick<SecondFactors, "forget">;
}

/** The base of the account flows: each holds the same dependencies. */
export abstract class AccountFlow {
  protected readonly deps: AccountDeps;

  constructor(deps: AccountDeps) {
    this.deps = deps;
  }
}

/**
 * Who a mail to a record goes to: its address (or `email`), its name or username, and its
 * language (`users.locale`; English where the collection has none, as `_superusers`).
 */
export function recipientOf(record: Row | RecordData, email = String(record.email)): MailRecipient {
  const name = typeof record.name === "string" && record.name ? record.name : record.username;
  return { email, name: typeof name === "string" ? name : "", locale: mailLocale(record.locale) };
}

/**
 * Saves changes to an auth record on behalf of a flow, with every check and side effect of a
 * record update (validation, unique email, `tokenKey` rotation on a new password or email,
 * change events, the first proof of an address); a 400 keeps its field errors under the
 * flow's own message. `session` is the sign-in the flow's request came with, if any.
 */
export async function saveAuthRecord(
  records: RecordService,
  collection: AuthCollection,
  id: string,
  changes: RecordData,
  failure: string,
  session: AuthInfo | null = null,
): Promise<void> {
  try {
    await records.update(collection, operatorRequest(session), id, changes);
  } catch (error) {
    if (error instanceof CoreError && error.status === 400) throw badRequest(failure, error.data);
    throw error;
  }
}
