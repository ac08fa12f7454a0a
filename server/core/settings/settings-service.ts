/**
 * Instance settings (`GET/PATCH /api/settings`): what an operator may change at run time
 * (application name, mail sender, rate limits, batch limits, log retention, the revision cap) is stored in
 * `_params` (`settings`) and applied to the running parts; what belongs to the environment
 * (APP_URL, the SMTP server, OAuth2 providers, trusted proxies) is shown read-only, with
 * every secret blanked. ADR 023.
 *
 * Other instances learn of a change on the bus (ADR 057): the instance that saved it publishes
 * `{v, origin}` on the `settings` channel (again later while that fails), and every other one
 * reads the settings again. Nothing polls: an instance reads them at start and again whenever
 * its subscription (re)starts, so a message missed while it was cut off from Redis is not
 * lost for good.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Bus, BusSubscription } from "../../tools/bus/index.ts";
import type { Database } from "../../data/db.ts";
import { readParam, writeParam } from "../../data/repositories/params-repository.ts";
import { badRequest, fieldError, type FieldErrors } from "../errors.ts";
import {
  CommentSettingsPatchSchema,
  DEFAULT_COMMENT_SETTINGS,
  type CommentSettings,
} from "../comments/comment-settings.ts";
import { DEFAULT_LOG_SETTINGS, type LogSettings } from "../logs/log-service.ts";
import type { RateLimitSettings } from "../rate-limit/rules.ts";
import { RateLimitSettingsSchema } from "../rate-limit/settings-schema.ts";
import {
  DEFAULT_SUBSCRIPTION_SETTINGS,
  SubscriptionSettingsPatchSchema,
  type SubscriptionSettings,
} from "../subscriptions/subscription-settings.ts";
import {
  checkMetaPatch,
  defaultIdentity,
  mergeMeta,
  MetaPatchSchema,
  readMeta,
  type MetaSettings,
  type SiteIdentity,
} from "../site/site-identity.ts";
import {
  DEFAULT_REVISION_SETTINGS,
  RevisionSettingsPatchSchema,
  type RevisionSettings,
} from "../revisions/revision-settings.ts";
import {
  DEFAULT_STATS_SETTINGS,
  StatsSettingsPatchSchema,
  type StatsSettings,
} from "../stats/stats-settings.ts";

/** Batch settings (PocketBase's `settings.batch`). */
export interface BatchSettings {
  enabled: boolean;
  maxRequests: number;
  /** Seconds. */
  timeout: number;
  /** Bytes (0 = 128 MiB). */
  maxBodySize: number;
}

/** Cahier's batch defaults: PocketBase's limits, but on. */
export const DEFAULT_BATCH_SETTINGS: BatchSettings = {
  enabled: true,
  maxRequests: 50,
  timeout: 3,
  maxBodySize: 128 * 1024 * 1024,
};

/** The settings stored in the database (the editable part). */
export interface StoredSettings {
  /** The site's name, mail sender and identity (ADR 069). */
  meta: MetaSettings;
  rateLimits: RateLimitSettings;
  batch: BatchSettings;
  logs: LogSettings;
  revisions: RevisionSettings;
  comments: CommentSettings;
  subscriptions: SubscriptionSettings;
  stats: StatsSettings;
}

/** What the environment decides (read-only in the API). */
export interface EnvironmentSettings {
  appUrl: string;
  /** `Name <address>` or `address` (MAIL_FROM). */
  mailFrom: string;
  smtpUrl: string | undefined;
  rateLimits: RateLimitSettings;
  trustedProxies: readonly string[];
  oauth2Providers: readonly { name: string; displayName: string }[];
}

/** Parts that follow the settings while the server runs. */
export interface SettingsTargets {
  rateLimits?: (settings: RateLimitSettings) => void;
  mailFrom?: (from: string) => void;
  /**
   * The site's `meta` (its name is on every page: the page cache forgets them on a change);
   * `remote` when the change was made on another instance.
   */
  meta?: (meta: StoredSettings["meta"], remote: boolean) => void;
}

/** The bus channel of settings changes. */
export const SETTINGS_CHANNEL = "settings";
/** How soon a change the other instances could not be told of is announced again (ms). */
export const ANNOUNCE_RETRY_MS = 2000;
const MESSAGE_VERSION = 1;
const PARAM_ID = "settings";

/** How other instances are told, and where failures are reported. */
export interface SettingsSharing {
  /** The bus between instances; without it, changes reach other instances at their restart. */
  bus?: Bus;
  log?: (error: unknown, message: string) => void;
}

/** The sender of a settings message, or null when it is not one (any Redis peer may publish). */
function messageOrigin(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const { v, origin } = value as Record<string, unknown>;
  return v === MESSAGE_VERSION && typeof origin === "string" ? origin : null;
}

function splitFrom(from: string): { senderName: string; senderAddress: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  return match
    ? { senderName: (match[1] ?? "").replace(/^"|"$/g, ""), senderAddress: match[2] ?? "" }
    : { senderName: "", senderAddress: from.trim() };
}

function joinFrom(name: string, address: string): string {
  const clean = name.replace(/["\r\n<>]/g, "").trim();
  return clean ? `"${clean}" <${address}>` : address;
}

const count = (min: number, max: number) => z.number().int().min(min).max(max);

/** What `PATCH /api/settings` accepts (every part optional; unknown keys refused). */
const PatchSchema = z.strictObject({
  meta: MetaPatchSchema.optional(),
  rateLimits: RateLimitSettingsSchema.partial().optional(),
  batch: z
    .strictObject({
      enabled: z.boolean().optional(),
      maxRequests: count(0, 1000).optional(),
      timeout: count(1, 600).optional(),
      maxBodySize: count(0, 4 * 1024 * 1024 * 1024).optional(),
    })
    .optional(),
  logs: z
    .strictObject({
      maxDays: count(0, 36_500).optional(),
      minLevel: count(-4, 8).optional(),
      logIP: z.boolean().optional(),
      logAuthId: z.boolean().optional(),
    })
    .optional(),
  revisions: RevisionSettingsPatchSchema.optional(),
  comments: CommentSettingsPatchSchema.optional(),
  subscriptions: SubscriptionSettingsPatchSchema.optional(),
  stats: StatsSettingsPatchSchema.optional(),
  smtp: z.unknown().optional(),
  oauth2: z.unknown().optional(),
  trustedProxy: z.unknown().optional(),
});

/** Instance settings. */
export class SettingsService {
  private readonly db: Database;
  private readonly env: EnvironmentSettings;
  private readonly targets: SettingsTargets;
  private stored: StoredSettings;
  /** Only what was ever changed through the API (the rest follows the environment). */
  private saved: Partial<StoredSettings> = {};
  private storedText = "";
  /** This instance's id in its messages. */
  private readonly origin = randomBytes(8).toString("hex");
  private readonly bus: Bus | undefined;
  private readonly log: (error: unknown, message: string) => void;
  private subscription: BusSubscription | null = null;
  /** Reads run one after the other, so the last one started reads the newest settings. */
  private reading: Promise<void> = Promise.resolve();
  private retry: ReturnType<typeof setTimeout> | null = null;
  private announceFailed = false;
  private stopped = false;

  constructor(
    db: Database,
    env: EnvironmentSettings,
    targets: SettingsTargets = {},
    sharing: SettingsSharing = {},
  ) {
    this.db = db;
    this.env = env;
    this.targets = targets;
    this.bus = sharing.bus;
    this.log = sharing.log ?? (() => undefined);
    this.stored = this.defaults();
  }

  private defaults(): StoredSettings {
    const { senderName, senderAddress } = splitFrom(this.env.mailFrom);
    return {
      meta: { appName: "Cahier", senderName, senderAddress, ...defaultIdentity() },
      rateLimits: this.env.rateLimits,
      batch: { ...DEFAULT_BATCH_SETTINGS },
      logs: { ...DEFAULT_LOG_SETTINGS },
      revisions: { ...DEFAULT_REVISION_SETTINGS },
      comments: { ...DEFAULT_COMMENT_SETTINGS },
      subscriptions: { ...DEFAULT_SUBSCRIPTION_SETTINGS },
      stats: { ...DEFAULT_STATS_SETTINGS },
    };
  }

  /** Current batch settings. */
  get batch(): BatchSettings {
    return this.stored.batch;
  }

  /** Current log settings. */
  get logs(): LogSettings {
    return this.stored.logs;
  }

  /** Current revision history settings (ADR 041). */
  get revisions(): RevisionSettings {
    return this.stored.revisions;
  }

  /** Current comment settings (ADR 065). */
  get comments(): CommentSettings {
    return this.stored.comments;
  }

  /** Current subscription mail settings (ADR 065). */
  get subscriptions(): SubscriptionSettings {
    return this.stored.subscriptions;
  }

  /** Current statistics settings (ADR 070). */
  get stats(): StatsSettings {
    return this.stored.stats;
  }

  /** Current rate limits. */
  get rateLimits(): RateLimitSettings {
    return this.stored.rateLimits;
  }

  /** The site's description, footer, accent, custom sheet and images (ADR 069). */
  get identity(): SiteIdentity {
    return this.stored.meta;
  }

  /** The application's name (mail, page titles). */
  get appName(): string {
    return this.stored.meta.appName;
  }

  /**
   * Listens for other instances' changes, then loads the stored settings and applies them.
   * Each time the subscription (re)starts on a shared bus they are read again: changes
   * announced while this instance was not listening are not lost.
   */
  async start(): Promise<void> {
    const bus = this.bus;
    if (bus && !this.subscription) {
      this.subscription = bus.subscribe(
        SETTINGS_CHANNEL,
        (message) => {
          const origin = messageOrigin(message);
          if (origin !== null && origin !== this.origin) this.refresh();
        },
        {
          onActive: () => {
            if (bus.shared) this.refresh();
          },
        },
      );
    }
    await this.reload();
  }

  /** Whether other instances' changes reach this one now (always true on the in-process bus). */
  get isListening(): boolean {
    return this.subscription?.active ?? false;
  }

  /** Stops listening and announcing. */
  stop(): void {
    this.stopped = true;
    this.subscription?.close();
    this.subscription = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  /**
   * Rereads the stored settings (applied only when they changed); `remote` when another
   * instance changed them.
   */
  reload(options: { remote?: boolean } = {}): Promise<void> {
    const run = this.reading.then(() => this.read(options.remote ?? false));
    this.reading = run.catch(() => undefined);
    return run;
  }

  /** Another instance changed the settings: read them again (a failure keeps the ones in force). */
  private refresh(): void {
    if (this.stopped) return;
    this.reload({ remote: true }).catch((error: unknown) => {
      this.log(error, "settings: could not read the settings changed by another instance");
    });
  }

  private async read(remote: boolean): Promise<void> {
    const text = (await readParam(this.db.kysely, PARAM_ID)) ?? "";
    if (text === this.storedText) return;
    this.storedText = text;
    const defaults = this.defaults();
    let saved: Partial<StoredSettings>;
    try {
      saved = text ? (JSON.parse(text) as Partial<StoredSettings>) : {};
    } catch {
      saved = {};
    }
    this.saved = saved;
    this.stored = {
      meta: readMeta(defaults.meta, saved.meta),
      rateLimits: { ...defaults.rateLimits, ...saved.rateLimits },
      batch: { ...defaults.batch, ...saved.batch },
      logs: { ...defaults.logs, ...saved.logs },
      revisions: { ...defaults.revisions, ...saved.revisions },
      comments: { ...defaults.comments, ...saved.comments },
      subscriptions: { ...defaults.subscriptions, ...saved.subscriptions },
      stats: { ...defaults.stats, ...saved.stats },
    };
    this.apply(remote);
  }

  /** Tells the other instances that the settings changed; again later while that fails. */
  private announce(): void {
    if (!this.bus || this.stopped) return;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.bus.publish(SETTINGS_CHANNEL, { v: MESSAGE_VERSION, origin: this.origin }).then(
      () => {
        this.announceFailed = false;
      },
      (error: unknown) => {
        if (this.stopped) return;
        if (!this.announceFailed)
          this.log(error, "settings: other instances could not be told of a change yet; retrying");
        this.announceFailed = true;
        this.retry = setTimeout(() => {
          this.announce();
        }, ANNOUNCE_RETRY_MS);
        this.retry.unref();
      },
    );
  }

  private apply(remote: boolean): void {
    this.targets.rateLimits?.(this.stored.rateLimits);
    this.targets.mailFrom?.(joinFrom(this.stored.meta.senderName, this.stored.meta.senderAddress));
    this.targets.meta?.(this.stored.meta, remote);
  }

  /** The settings as superusers see them (secrets blanked). */
  view(): Record<string, unknown> {
    const smtp = this.env.smtpUrl ? new URL(this.env.smtpUrl) : null;
    return {
      meta: { ...this.stored.meta, appURL: this.env.appUrl },
      smtp: smtp
        ? {
            enabled: true,
            host: smtp.hostname,
            port: Number(smtp.port) || (smtp.protocol === "smtps:" ? 465 : 587),
            username: decodeURIComponent(smtp.username),
            password: "",
            tls: smtp.protocol === "smtps:",
          }
        : { enabled: false, host: "", port: 0, username: "", password: "", tls: false },
      oauth2: { providers: this.env.oauth2Providers.map((p) => ({ ...p, enabled: true })) },
      rateLimits: this.stored.rateLimits,
      batch: this.stored.batch,
      logs: this.stored.logs,
      revisions: this.stored.revisions,
      comments: this.stored.comments,
      subscriptions: this.stored.subscriptions,
      stats: this.stored.stats,
      trustedProxy: { proxies: [...this.env.trustedProxies] },
    };
  }

  /** Validates and saves a change; answers the new settings. */
  async update(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const parsed = PatchSchema.safeParse(body);
    const errors: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".") || "body";
        errors[key] ??= fieldError(
          issue.code === "unrecognized_keys"
            ? "validation_unknown_field"
            : "validation_invalid_value",
          issue.code === "unrecognized_keys"
            ? `Unknown field ${(issue as { keys?: string[] }).keys?.join(", ") ?? ""}.`
            : "Invalid value.",
        );
      }
    }
    const data = parsed.success ? parsed.data : {};
    const readOnly = fieldError(
      "validation_env_managed",
      "Set by the environment (APP_URL, SMTP_URL, OAUTH2_*, TRUSTED_PROXIES); change it there.",
    );
    if (data.meta?.appURL !== undefined) errors["meta.appURL"] = readOnly;
    Object.assign(errors, await checkMetaPatch(data.meta), errors);
    if (data.smtp !== undefined) errors.smtp = readOnly;
    if (data.oauth2 !== undefined) errors.oauth2 = readOnly;
    if (data.trustedProxy !== undefined) errors.trustedProxy = readOnly;
    if (Object.keys(errors).length)
      throw badRequest("An error occurred while saving the new settings.", errors);

    await this.reload();
    const saved = this.saved;
    const next: Partial<StoredSettings> = {
      ...saved,
      ...(data.meta ? { meta: mergeMeta(this.stored.meta, data.meta) } : {}),
      ...(data.rateLimits
        ? { rateLimits: { ...this.stored.rateLimits, ...saved.rateLimits, ...data.rateLimits } }
        : {}),
      ...(data.batch ? { batch: { ...this.stored.batch, ...saved.batch, ...data.batch } } : {}),
      ...(data.logs ? { logs: { ...this.stored.logs, ...saved.logs, ...data.logs } } : {}),
      ...(data.revisions
        ? { revisions: { ...this.stored.revisions, ...saved.revisions, ...data.revisions } }
        : {}),
      ...(data.comments
        ? { comments: { ...this.stored.comments, ...saved.comments, ...data.comments } }
        : {}),
      ...(data.subscriptions
        ? {
            subscriptions: {
              ...this.stored.subscriptions,
              ...saved.subscriptions,
              ...data.subscriptions,
            },
          }
        : {}),
      ...(data.stats ? { stats: { ...this.stored.stats, ...saved.stats, ...data.stats } } : {}),
    };
    return this.save(next);
  }

  /** Records a new version of an uploaded image (`""`: back to none); answers the settings. */
  async setSiteImage(
    kind: "icon" | "socialImage",
    version: string,
  ): Promise<Record<string, unknown>> {
    await this.reload();
    const saved = this.saved;
    return this.save({
      ...saved,
      meta: { ...this.stored.meta, [kind]: version },
    });
  }

  private async save(next: Partial<StoredSettings>): Promise<Record<string, unknown>> {
    await writeParam(this.db.kysely, PARAM_ID, JSON.stringify(next));
    await this.reload();
    this.announce();
    return this.view();
  }
}
