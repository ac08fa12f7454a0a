/**
 * Wire shapes of the superuser APIs the system pages read (`/api/settings`, `/api/logs`,
 * `/api/backups`), as the server sends them (server/core/settings, logs, backups).
 */
import type { SiteIdentitySettings } from "./site-identity.ts";
import type { SubscriptionMailSettings } from "../subscriptions/subscription-settings.ts";
import type { CommentSettings } from "../comments/comment-settings.ts";

/** One PocketBase rate-limit rule. */
export interface RateLimitRule {
  label: string;
  audience: "" | "@guest" | "@auth";
  duration: number;
  maxRequests: number;
}

/** The instance settings (`GET /api/settings`); secrets arrive blanked. */
export interface SystemSettings {
  meta: {
    appName: string;
    senderName: string;
    senderAddress: string;
    appURL: string;
  } & SiteIdentitySettings;
  smtp: {
    enabled: boolean;
    host: string;
    port: number;
    username: string;
    password: string;
    tls: boolean;
  };
  oauth2: { providers: { name: string; displayName: string; enabled: boolean }[] };
  rateLimits: {
    enabled: boolean;
    rules: RateLimitRule[];
    accounts: { action: string; duration: number; maxRequests: number }[];
  };
  batch: { enabled: boolean; maxRequests: number; timeout: number; maxBodySize: number };
  logs: { maxDays: number; minLevel: number; logIP: boolean; logAuthId: boolean };
  /** How many versions each entry or post keeps; 0 keeps them all (ADR 041). */
  revisions: { maxPerRecord: number };
  /** How fast subscribers are mailed (ADR 065). */
  subscriptions: SubscriptionMailSettings;
  /** Who may comment by default, guests, closing after N days (ADR 065). */
  comments: CommentSettings;
  trustedProxy: { proxies: string[] };
}

/** One request log entry (`GET /api/logs`). */
export interface LogEntry {
  id: string;
  created: string;
  level: number;
  message: string;
  data: Record<string, unknown>;
}

/** Requests in one hour (`GET /api/logs/stats`). */
export interface LogStat {
  date: string;
  total: number;
}

/** One stored backup (`GET /api/backups`). */
export interface BackupFile {
  key: string;
  size: number;
  modified: string;
}
