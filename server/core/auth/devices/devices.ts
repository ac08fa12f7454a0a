/**
 * Devices of `users` accounts (ADR 053): every sign-in is recorded as a device, found again by
 * a fingerprint of its user agent and address (PocketBase's auth origins); its id goes into
 * the token (`device` claim), and a token whose device record is gone no longer authenticates
 * (checked against the database on every request, so on every instance at once). A sign-in
 * from a new device mails the owner, unless it is their first device (a superuser's "View as"
 * devices do not count) or a "View as" itself (recorded as a device of its own,
 * `impersonatedBy` set, so the owner sees it and may end it).
 */
import { createHash } from "node:crypto";
import type { Database } from "../../../data/db.ts";
import { USERS_COLLECTION_ID } from "../../../data/registry/common-fields.ts";
import { devicesCollection } from "../../../data/registry/devices.ts";
import {
  deviceExists,
  findDeviceByFingerprint,
  hasOwnDevice,
  otherDeviceIds,
  touchDevice,
} from "../../../data/repositories/device-repository.ts";
import { deviceName } from "../../../tools/user-agents/device-name.ts";
import { CoreError, forbidden, notFound, unauthorized } from "../../errors.ts";
import { newDeviceMail } from "../../mail/device-mail.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { AuthCollection, Collection } from "../../models/collection.ts";
import type { RecordService } from "../../records/record-service.ts";
import { operatorRequest, type RecordData, type RequestInfo } from "../../records/request-info.ts";
import { formatDate } from "../../records/values.ts";
import { recipientOf, siteOf, type MailSiteDeps } from "../account-deps.ts";
import type { AuthService, DeviceSessions, SignInEvent } from "../auth-service.ts";
import type { TokenClaims } from "../tokens.ts";

/** A device's `lastSeen` moves at most once a minute (auth-refresh of several tabs). */
export const LAST_SEEN_INTERVAL_MS = 60_000;

/** What the devices need. */
export interface DevicesDeps extends MailSiteDeps {
  db: Database;
  records: RecordService;
  mailer: Mailer;
  clock?: () => number;
}

/** Where a sign-in comes from. */
interface Origin {
  userAgent: string;
  ip: string;
  /** The superuser's id for a "View as" token, else "". */
  impersonatedBy: string;
}

/** Hex SHA-256 of the origin: the same browser at the same address is the same device. */
export function deviceFingerprint(origin: Origin): string {
  return createHash("sha256")
    .update(`${origin.impersonatedBy}\n${origin.ip}\n${origin.userAgent}`)
    .digest("hex");
}

function originOf(request: RequestInfo, impersonatedBy = ""): Origin {
  return {
    userAgent: (request.headers.user_agent ?? "").slice(0, 500),
    ip: (request.ip ?? "").slice(0, 64),
    impersonatedBy,
  };
}

/**
 * Whether the device a token was issued to still exists: tokens of no device (ADR 053) pass; a
 * device claim on another collection's token, or naming another account's device, does not.
 * Session tokens and the file tokens minted with them (issue 23 finding 7) are checked alike,
 * so signing a device out ends both.
 */
export async function tokenDeviceActive(
  db: Database,
  collection: AuthCollection,
  claims: TokenClaims,
): Promise<boolean> {
  if (claims.device === undefined) return true;
  if (collection.id !== USERS_COLLECTION_ID || typeof claims.device !== "string") return false;
  return deviceExists(db.kysely, claims.device, claims.id);
}

/** The devices of `users` accounts and the checks of their tokens. */
export class Devices implements DeviceSessions {
  private readonly deps: DevicesDeps;
  private readonly clock: () => number;

  constructor(deps: DevicesDeps) {
    this.deps = deps;
    this.clock = deps.clock ?? (() => Date.now());
  }

  /** Records the device of every sign-in of `auth`, and has it check devices' tokens. */
  attachTo(auth: AuthService): void {
    auth.onSignIn((event) => this.signedIn(event));
    auth.useDevices(this);
  }

  private async signedIn(event: SignInEvent): Promise<void> {
    if (event.collection.id !== USERS_COLLECTION_ID) return;
    const impersonatedBy =
      event.method === "impersonation" && event.request.auth
        ? String(event.request.auth.record.id)
        : "";
    event.claims.device = await this.deviceOf(
      event.record,
      originOf(event.request, impersonatedBy),
      {
        alert: impersonatedBy === "",
      },
    );
  }

  /**
   * The id of the record's device for `origin`: the one with its fingerprint, seen now, or a
   * new one (mailing the owner when `alert` and the account had a device already).
   */
  private async deviceOf(
    record: RecordData,
    origin: Origin,
    options: { alert: boolean },
  ): Promise<string> {
    const { db, records } = this.deps;
    const user = String(record.id);
    const fingerprint = deviceFingerprint(origin);
    const time = new Date(this.clock());
    const now = formatDate(time);
    const existing = await findDeviceByFingerprint(db.kysely, user, fingerprint);
    if (existing) {
      await touchDevice(db.kysely, existing, { now, since: now });
      return existing;
    }
    const known = await hasOwnDevice(db.kysely, user);
    const name = deviceName(origin.userAgent);
    const created = await records.create(devicesCollection, operatorRequest(), {
      user,
      name,
      userAgent: origin.userAgent,
      ip: origin.ip,
      lastSeen: now,
      fingerprint,
      impersonatedBy: origin.impersonatedBy,
    });
    if (options.alert && known && typeof record.email === "string" && record.email) {
      this.deps.mailer.send(
        newDeviceMail(siteOf(this.deps), recipientOf(record), {
          device: name,
          ip: origin.ip,
          time,
        }),
      );
    }
    return String(created.id);
  }

  /** Whether a token's device still exists; tokens of no device (ADR 053) pass. */
  async isActive(collection: AuthCollection, claims: TokenClaims): Promise<boolean> {
    return tokenDeviceActive(this.deps.db, collection, claims);
  }

  /**
   * The claims of a renewed token: its device, whose `lastSeen` moves (once a minute at most).
   * A `users` token of no device (issued before devices existed) gets one, without an email.
   */
  async refreshed(
    collection: AuthCollection,
    record: RecordData,
    request: RequestInfo,
    claims: TokenClaims,
  ): Promise<Record<string, string>> {
    if (collection.id !== USERS_COLLECTION_ID) return {};
    if (typeof claims.device !== "string")
      return { device: await this.deviceOf(record, originOf(request), { alert: false }) };
    const now = this.clock();
    await touchDevice(this.deps.db.kysely, claims.device, {
      now: formatDate(new Date(now)),
      since: formatDate(new Date(now - LAST_SEEN_INTERVAL_MS)),
    });
    return { device: claims.device };
  }

  /**
   * `POST /api/collections/users/devices/sign-out-others`: deletes every device of the
   * signed-in account except the request's own (all of them for a token of no device). 401
   * for guests, 403 for another collection's record or an impersonation token.
   */
  async signOutOthers(
    collection: Collection,
    request: RequestInfo,
    impersonated: boolean,
  ): Promise<void> {
    if (collection.id !== USERS_COLLECTION_ID)
      throw notFound("Missing or invalid collection context.");
    const auth = request.auth;
    if (!auth) throw unauthorized();
    if (auth.collection.id !== USERS_COLLECTION_ID)
      throw forbidden(`The request requires auth record from ${collection.name} collection.`);
    if (impersonated) throw forbidden("An impersonation token cannot sign devices out.");
    const ids = await otherDeviceIds(
      this.deps.db.kysely,
      String(auth.record.id),
      auth.device ?? "",
    );
    // One by one through the record service: each delete is a change event, which ends the
    // device's realtime connections on every instance.
    for (const id of ids) {
      try {
        await this.deps.records.delete(devicesCollection, operatorRequest(), id);
      } catch (error) {
        // Deleted meanwhile (the same button in another tab): it is gone, as asked.
        if (!(error instanceof CoreError && error.status === 404)) throw error;
      }
    }
  }
}
