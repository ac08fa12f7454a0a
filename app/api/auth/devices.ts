/**
 * The account's devices (ADR 053): each session's device record (`devices`), signing one out
 * (deleting it) and signing every other device out.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** A device as the settings list it. */
export interface DeviceRecord {
  id: string;
  name: string;
  ip: string;
  created: string;
  lastSeen: string;
  /** The superuser viewing as the account on this device (`""` for the account's own). */
  impersonatedBy: string;
}

/** The account's devices, the last seen first. */
export function listDevices(api: ApiClient): Promise<DeviceRecord[]> {
  return sdk(api).collection("devices").getFullList<DeviceRecord>({
    sort: "-lastSeen,-created",
    fields: "id,name,ip,created,lastSeen,impersonatedBy",
    requestKey: null,
  });
}

/** Signs one device out (its sessions' tokens are refused from then on). */
export async function signOutDevice(api: ApiClient, id: string): Promise<void> {
  await sdk(api).collection("devices").delete(id);
}

/** Signs out every device of the account but this one. */
export async function signOutOtherDevices(api: ApiClient): Promise<void> {
  await sdk(api).send("/api/collections/users/devices/sign-out-others", { method: "POST" });
}
