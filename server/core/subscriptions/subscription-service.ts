/**
 * The subscription routes' work (ADR 065): subscribe (double opt-in, or at once for a
 * signed-in reader's own verified address), confirm, one-click unsubscribe, manage every
 * subscription of an address by its signed link, and the owner's CSV export.
 *
 * SECURITY: `subscribe` answers the same whether or not the address is known or subscribed
 * (the route answers 204 either way) and mails a confirmation at most once per address and
 * target per {@link CONFIRM_EVERY_MS}; only a link the address received confirms it.
 */
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import type { Database } from "../../data/db.ts";
import {
  findSubscriptionsByEmail,
  findSubscriptionsByTarget,
  setSubscriptionStatus,
  type SubscriberRow,
} from "../../data/repositories/subscription-repository.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import { badRequest, fieldError, forbidden, notFound } from "../errors.ts";
import type { MailSite } from "../mail/mail-layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { RecordService } from "../records/record-service.ts";
import { operatorRequest, type AuthInfo } from "../records/request-info.ts";
import { formatDate } from "../records/values.ts";
import { confirmationMail, targetWords } from "./subscription-mail.ts";
import { resolveTarget } from "./subscription-targets.ts";
import type { SubscriptionTokens } from "./subscription-tokens.ts";

/** The least time between two confirmation mails to one address for one target. */
export const CONFIRM_EVERY_MS = 10 * 60_000;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STATUSES_SET_BY_MANAGE = new Set(["confirmed", "unsubscribed"]);
const FREQUENCIES = new Set(["each", "weekly"]);

/** What `POST /api/subscriptions` is given. */
export interface SubscribeInput {
  email: string;
  target: string;
  locale: string;
}

/** One subscription as the manage page shows it. */
export interface ManagedSubscription {
  id: string;
  target: string;
  /** What the target is called, in the subscription's language. */
  targetName: string;
  status: string;
  frequency: string;
}

/** What the subscription service needs. */
export interface SubscriptionServiceOptions {
  db: Database;
  records: RecordService;
  tokens: SubscriptionTokens;
  mailer: Mailer;
  site: () => MailSite;
  now?: () => number;
}

function invalid(field: string, code = "validation_invalid_value", message = "Invalid value.") {
  return badRequest("Something went wrong while processing your request.", {
    [field]: fieldError(code, message),
  });
}

/** The CSV cell of `value`: quoted, and never read as a formula by a spreadsheet. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Subscriptions as the routes change them. */
export class SubscriptionService {
  private readonly db: Database;
  private readonly records: RecordService;
  private readonly tokens: SubscriptionTokens;
  private readonly mailer: Mailer;
  private readonly site: () => MailSite;
  private readonly now: () => number;

  constructor(options: SubscriptionServiceOptions) {
    this.db = options.db;
    this.records = options.records;
    this.tokens = options.tokens;
    this.mailer = options.mailer;
    this.site = options.site;
    this.now = options.now ?? Date.now;
  }

  private get collection() {
    return requireCollection("subscriptions");
  }

  /**
   * Subscribes `input.email` to `input.target`: at once for a signed-in reader's own verified
   * address, else pending with a confirmation mail. 400 for a malformed address, a target
   * that does not exist or is not public, or an unknown language.
   */
  async subscribe(input: SubscribeInput, auth: AuthInfo | null): Promise<void> {
    const email = input.email.trim().toLowerCase();
    if (email === "") throw invalid("email", "validation_required", "Cannot be blank.");
    if (!EMAIL_RE.test(email) || email.length > 255)
      throw invalid("email", "validation_is_email", "Must be a valid email address.");
    if (input.locale !== "" && !isLocale(input.locale)) throw invalid("locale");
    const target = await resolveTarget(this.records, input.target);
    if (!target) throw invalid("target");
    // The account as stored now (its address and whether it is verified).
    const reader =
      auth && !auth.isSuperuser && auth.collection.name === "users"
        ? ((await this.records.findById(auth.collection, String(auth.record.id))) ?? null)
        : null;
    const own =
      reader !== null &&
      // Stored form: a boolean on PostgreSQL, 0 or 1 on SQLite.
      (reader.verified === true || reader.verified === 1) &&
      String(reader.email).toLowerCase() === email;
    const locale: Locale = isLocale(input.locale)
      ? input.locale
      : isLocale(reader?.locale)
        ? reader.locale
        : "en";
    const existing = (await findSubscriptionsByEmail(this.db.kysely, email)).find(
      (row) => row.target === target.target,
    );
    const now = formatDate(new Date(this.now()));
    if (own) {
      const values = { status: "confirmed", user: String(reader.id), locale };
      if (!existing)
        await this.records.create(this.collection, operatorRequest(), {
          email,
          target: target.target,
          owner: target.owner,
          frequency: "each",
          ...values,
        });
      else if (existing.status !== "confirmed")
        await this.records.update(this.collection, operatorRequest(), existing.id, values);
      return;
    }
    if (existing?.status === "confirmed") return;
    let id = existing?.id;
    if (!id) {
      const created = await this.records.create(this.collection, operatorRequest(), {
        email,
        target: target.target,
        owner: target.owner,
        locale,
        status: "pending",
        frequency: "each",
      });
      id = String(created.id);
    } else {
      const row = await this.records.findById(this.collection, id);
      const sentAt = row?.confirmationSent;
      const last = typeof sentAt === "string" ? Date.parse(sentAt.replace(" ", "T")) : NaN;
      if (!Number.isNaN(last) && this.now() - last < CONFIRM_EVERY_MS) return;
    }
    await this.records.update(this.collection, operatorRequest(), id, {
      confirmationSent: now,
      locale,
    });
    const token = this.tokens.issue("confirm", email, [target.target]);
    this.mailer.send(confirmationMail(this.site(), { email, locale, token }, target.label));
  }

  private readToken(token: unknown, purpose: "confirm" | "unsubscribe" | "manage") {
    const claims = this.tokens.read(token, purpose);
    if (!claims) throw invalid("token", "validation_invalid_token", "Invalid or expired token.");
    return claims;
  }

  /** Confirms the subscriptions a confirmation link names. */
  async confirm(token: unknown): Promise<void> {
    const claims = this.readToken(token, "confirm");
    await setSubscriptionStatus(this.db.kysely, {
      email: claims.email,
      targets: claims.targets,
      from: ["pending", "unsubscribed", "suppressed"],
      status: "confirmed",
      now: formatDate(new Date(this.now())),
    });
  }

  /** Unsubscribes at once (the `List-Unsubscribe` link's `POST`). */
  async unsubscribe(token: unknown): Promise<void> {
    const claims = this.readToken(token, "unsubscribe");
    await setSubscriptionStatus(this.db.kysely, {
      email: claims.email,
      targets: claims.targets.length > 0 ? claims.targets : null,
      from: ["pending", "confirmed"],
      status: "unsubscribed",
      now: formatDate(new Date(this.now())),
    });
  }

  /** Every subscription of the address a manage link names. */
  async manageList(token: unknown): Promise<{ email: string; items: ManagedSubscription[] }> {
    const { email } = this.readToken(token, "manage");
    const rows = await findSubscriptionsByEmail(this.db.kysely, email);
    const items: ManagedSubscription[] = [];
    for (const row of rows) items.push(await this.present(row));
    return { email, items };
  }

  private async present(row: SubscriberRow): Promise<ManagedSubscription> {
    const target = await resolveTarget(this.records, row.target, { publicOnly: false });
    const locale: Locale = isLocale(row.locale) ? row.locale : "en";
    return {
      id: row.id,
      target: row.target,
      targetName: target ? targetWords(this.site(), locale, target.label) : row.target,
      status: row.status,
      frequency: row.frequency,
    };
  }

  /** Changes one subscription of the address a manage link names (its status or frequency). */
  async manageUpdate(
    token: unknown,
    change: { id: string; status: string; frequency: string },
  ): Promise<ManagedSubscription> {
    const { email } = this.readToken(token, "manage");
    if (change.status !== "" && !STATUSES_SET_BY_MANAGE.has(change.status)) throw invalid("status");
    if (change.frequency !== "" && !FREQUENCIES.has(change.frequency)) throw invalid("frequency");
    const row = (await findSubscriptionsByEmail(this.db.kysely, email)).find(
      (r) => r.id === change.id,
    );
    if (!row) throw notFound();
    const values: Record<string, string> = {};
    if (change.status !== "") values.status = change.status;
    if (change.frequency !== "") values.frequency = change.frequency;
    if (Object.keys(values).length > 0)
      await this.records.update(this.collection, operatorRequest(), row.id, values);
    return this.present({ ...row, ...values });
  }

  /**
   * The subscribers of `target` as CSV, for its owner or an admin (superusers too); 403 for
   * anyone else, 400 for a target that does not exist.
   */
  async exportCsv(auth: AuthInfo | null, text: string): Promise<string> {
    const target = await resolveTarget(this.records, text, { publicOnly: false });
    if (!target) throw invalid("target");
    const admin =
      auth !== null &&
      (auth.isSuperuser || (auth.collection.name === "users" && auth.record.role === "admin"));
    const owner =
      auth !== null &&
      auth.collection.name === "users" &&
      target.owner !== "" &&
      String(auth.record.id) === target.owner;
    if (!admin && !owner) throw forbidden();
    const rows = await findSubscriptionsByTarget(this.db.kysely, target.target);
    const lines = [["email", "status", "frequency", "locale", "created"].join(",")];
    for (const row of rows)
      lines.push(
        [row.email, row.status, row.frequency, row.locale, row.created].map(csvCell).join(","),
      );
    return `${lines.join("\r\n")}\r\n`;
  }
}
