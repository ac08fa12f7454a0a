/**
 * Instance settings (`GET/PATCH /api/settings`): what an operator may change at run time
 * (application name, mail sender, rate limits, batch limits, log retention, the revision cap) is stored in
 * `_params` (`settings`) and applied to the running parts; what belongs to the environment
 * (APP_URL, the SMTP server, OAuth2 providers, trusted proxies) is shown read-only, with
 * every secret blanked. Other instances pick changes up within {@link REFRESH_MS}. ADR 023.
 */
import { z } from "zod";
import type { Database } from "../../data/db.ts";
import { readParam, writeParam } from "../../data/repositories/params-repository.ts";
import { badRequest, fieldError, type FieldErrors } from "../errors.ts";
import { DEFAULT_LOG_SETTINGS, type LogSettings } from "../logs/log-service.ts";
import type { RateLimitSettings } from "../rate-limit/rules.ts";
import { RateLimitSettingsSchema } from "../rate-limit/settings-schema.ts";
import {
  DEFAULT_REVISION_SETTINGS,
  RevisionSettingsPatchSchema,
  type RevisionSettings,
} from "../revisions/revision-settings.ts";

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
  meta: { appName: string; senderName: string; senderAddress: string };
  rateLimits: RateLimitSettings;
  batch: BatchSettings;
  logs: LogSettings;
  revisions: RevisionSettings;
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
  /** The site's `meta` (its name is on every page: the page cache forgets them on a change). */
  meta?: (meta: StoredSettings["meta"]) => void;
}

/** How often an instance rereads the stored settings (changes made through another one). */
export const REFRESH_MS = 10_000;
const PARAM_ID = "settings";

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
  meta: z
    .strictObject({
      appName: z.string().trim().min(1).max(255).optional(),
      senderName: z
        .string()
        .trim()
        .max(255)
        .regex(/^[^\r\n<>"]*$/)
        .optional(),
      // Any mailbox address, `no-reply@localhost` (the default without a domain) included.
      senderAddress: z
        .string()
        .trim()
        .max(255)
        .regex(/^[^\s@<>"]+@[^\s@<>"]+$/)
        .optional(),
      appURL: z.unknown().optional(),
    })
    .optional(),
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
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(db: Database, env: EnvironmentSettings, targets: SettingsTargets = {}) {
    this.db = db;
    this.env = env;
    this.targets = targets;
    this.stored = this.defaults();
  }

  private defaults(): StoredSettings {
    const { senderName, senderAddress } = splitFrom(this.env.mailFrom);
    return {
      meta: { appName: "Cahier", senderName, senderAddress },
      rateLimits: this.env.rateLimits,
      batch: { ...DEFAULT_BATCH_SETTINGS },
      logs: { ...DEFAULT_LOG_SETTINGS },
      revisions: { ...DEFAULT_REVISION_SETTINGS },
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

  /** Current rate limits. */
  get rateLimits(): RateLimitSettings {
    return this.stored.rateLimits;
  }

  /** The application's name (mail, page titles). */
  get appName(): string {
    return this.stored.meta.appName;
  }

  /** Loads the stored settings and applies them; then rereads them every {@link REFRESH_MS}. */
  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch(() => {
        // A failed refresh keeps the settings in force; the next one tries again.
      });
    }, REFRESH_MS).unref();
  }

  /** Stops the refresh. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Rereads the stored settings (applied only when they changed). */
  async reload(): Promise<void> {
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
      meta: { ...defaults.meta, ...saved.meta },
      rateLimits: { ...defaults.rateLimits, ...saved.rateLimits },
      batch: { ...defaults.batch, ...saved.batch },
      logs: { ...defaults.logs, ...saved.logs },
      revisions: { ...defaults.revisions, ...saved.revisions },
    };
    this.apply();
  }

  private apply(): void {
    this.targets.rateLimits?.(this.stored.rateLimits);
    this.targets.mailFrom?.(joinFrom(this.stored.meta.senderName, this.stored.meta.senderAddress));
    this.targets.meta?.(this.stored.meta);
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
    if (data.smtp !== undefined) errors.smtp = readOnly;
    if (data.oauth2 !== undefined) errors.oauth2 = readOnly;
    if (data.trustedProxy !== undefined) errors.trustedProxy = readOnly;
    if (Object.keys(errors).length)
      throw badRequest("An error occurred while saving the new settings.", errors);

    await this.reload();
    const { appURL: _ignored, ...meta } = data.meta ?? {};
    const saved = this.saved;
    const next: Partial<StoredSettings> = {
      ...saved,
      ...(data.meta ? { meta: { ...this.stored.meta, ...saved.meta, ...meta } } : {}),
      ...(data.rateLimits
        ? { rateLimits: { ...this.stored.rateLimits, ...saved.rateLimits, ...data.rateLimits } }
        : {}),
      ...(data.batch ? { batch: { ...this.stored.batch, ...saved.batch, ...data.batch } } : {}),
      ...(data.logs ? { logs: { ...this.stored.logs, ...saved.logs, ...data.logs } } : {}),
      ...(data.revisions
        ? { revisions: { ...this.stored.revisions, ...saved.revisions, ...data.revisions } }
        : {}),
    };
    await writeParam(this.db.kysely, PARAM_ID, JSON.stringify(next));
    await this.reload();
    return this.view();
  }
}
