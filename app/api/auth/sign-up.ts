/** Signing up: a new `users` account (`POST /api/collections/users/records`). */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Creates a `users` account (`body`: its fields, password and confirmation included). */
export async function signUp(api: ApiClient, body: Record<string, unknown>): Promise<void> {
  await sdk(api).collection("users").create(body);
}
