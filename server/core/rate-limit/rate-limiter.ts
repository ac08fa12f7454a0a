/**
 * The rate limiter: PocketBase's per-IP rules (`rules.ts`) and Cahier's per-account limits,
 * counted in a {@link CounterStore} (memory, or Redis shared by instances). Framework-free;
 * `server/http/middlewares/rate-limit.ts` feeds it each request.
 *
 * SECURITY: every counter failure fails open (the request proceeds, a throttled warning is
 * logged): a Redis outage must never take the site down. Superusers are never limited.
 */
import { createHash } from "node:crypto";
import type { CounterStore } from "../../tools/counters/counters.ts";
import {
  findRateLimitRule,
  type AccountAction,
  type RateLimitRule,
  type RateLimitSettings,
} from "./rules.ts";

/** What the limiter needs to know about a request. */
export interface LimitedRequest {
  /** The client IP (from trusted forwarding headers only). */
  ip: string;
  /** Whether the request carries a valid auth token. */
  authenticated: boolean;
  /** Superusers skip every limit. */
  superuser: boolean;
  /** Upper-case method. */
  method: string;
  /** The canonical path (decoded, no `//`, dot segments or trailing `/`). */
  path: string;
  /** The collection of a collection route (records, auth, files). */
  collection?: { id: string; name: string };
  /**
   * The route's actions and tags, most specific first (`["authWithPassword", "auth"]`). A
   * route outside collections may have tags too (a search is a `list`): `*:<tag>` rules apply.
   */
  tags?: readonly string[];
}

/** The outcome of a check. */
export interface LimitDecision {
  allowed: boolean;
  /** The rule that counted the request, if any. */
  rule?: RateLimitRule;
}

/** Reports counter failures (Redis unreachable); called at most every 30 s. */
export type LimiterWarn = (error: unknown, message: string) => void;

/** How often a failing counter store is reported. */
const WARN_INTERVAL_MS = 30_000;

/** Per-IP and per-account request limits (see the module comment). */
export class RateLimiter {
  private current: RateLimitSettings;
  private readonly store: CounterStore;
  private readonly warn: LimiterWarn;
  private lastWarning = 0;

  constructor(settings: RateLimitSettings, store: CounterStore, warn: LimiterWarn = () => {}) {
    this.current = settings;
    this.store = store;
    this.warn = warn;
  }

  /** The settings in force. */
  get settings(): RateLimitSettings {
    return this.current;
  }

  /** Replaces the settings (the settings API will call this); counters are kept. */
  configure(settings: RateLimitSettings): void {
    this.current = settings;
  }

  /**
   * Counts a request against the most specific matching rule (PocketBase's labels: the
   * collection's `name:action` tags, then `*:action`, then `METHOD /path`, then `/path`).
   * Collection routes count per collection and route, other routes per rule, each per IP,
   * as PocketBase's limiter ids do.
   */
  async checkRequest(request: LimitedRequest): Promise<LimitDecision> {
    const settings = this.current;
    if (!settings.enabled || request.superuser || !request.ip) return { allowed: true };
    const tags = request.tags ?? [];
    const labels: string[] = [];
    if (request.collection)
      for (const tag of tags) labels.push(`${request.collection.name}:${tag}`);
    for (const tag of tags) labels.push(`*:${tag}`);
    labels.push(`${request.method} ${request.path}`, request.path);
    const rule = findRateLimitRule(settings.rules, labels, request.authenticated);
    if (!rule) return { allowed: true };
    // Outside collections, a tag rule counts per route (a search does not share a list's bucket).
    const bucket = request.collection
      ? `${request.collection.id}:${tags.join(",")}`
      : rule.label.startsWith("*:")
        ? `${request.path}:${rule.label}`
        : rule.label;
    const allowed = await this.consume(
      `ip:${bucket}${rule.audience}:${request.ip}`,
      rule.duration,
      rule.maxRequests,
    );
    return { allowed, rule };
  }

  /**
   * Counts an attempt of `action` against the identity it names (an email or username,
   * compared case-insensitively) in a collection. Unknown identities count like known ones.
   * `key` identifies the counter for {@link clearAccount}; null when nothing was counted.
   */
  async checkAccount(
    action: AccountAction,
    collectionId: string,
    identity: string,
    superuser = false,
  ): Promise<{ allowed: boolean; key: string | null }> {
    const settings = this.current;
    const normalized = identity.trim().toLowerCase();
    if (!settings.enabled || superuser || !normalized) return { allowed: true, key: null };
    const limit = settings.accounts.find((l) => l.action === action);
    if (!limit) return { allowed: true, key: null };
    // Hashed: counters never store email addresses.
    const digest = createHash("sha256").update(normalized).digest("base64url").slice(0, 32);
    const key = `account:${action}:${collectionId}:${digest}`;
    const allowed = await this.consume(key, limit.duration, limit.maxRequests);
    return { allowed, key };
  }

  /**
   * Counts a hit on a key of a feature's own (the fediverse counts inbox posts per remote
   * server, ADR 071): at most `max` a window of `seconds`, while limits are on.
   */
  async checkKey(key: string, seconds: number, max: number): Promise<boolean> {
    if (!this.current.enabled) return true;
    return this.consume(`key:${key}`, seconds, max);
  }

  /** Clears an account counter (a successful sign-in ends a run of failures). */
  async clearAccount(key: string): Promise<void> {
    try {
      await this.store.reset(key);
    } catch (error) {
      this.report(error);
    }
  }

  /** Closes the counter store. */
  close(): Promise<void> {
    return this.store.close();
  }

  private async consume(key: string, seconds: number, max: number): Promise<boolean> {
    try {
      const { count } = await this.store.hit(key, seconds * 1000);
      return count <= max;
    } catch (error) {
      this.report(error);
      return true;
    }
  }

  private report(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_INTERVAL_MS) return;
    this.lastWarning = now;
    this.warn(error, "rate-limit counters unavailable; requests are not being limited");
  }
}
