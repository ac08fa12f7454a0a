/** Small HTTP helpers the benchmarks share: JSON requests and a signed-in writer. */

/** Sends a request and reads its JSON answer. */
export async function fetchJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, init);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Registers a user and signs in; returns its id and token. */
export async function signUp(url: string): Promise<{ id: string; token: string }> {
  const email = "bench.writer@example.com";
  const password = "password123";
  const json = { "content-type": "application/json" };
  const created = await fetchJson(`${url}/api/collections/users/records`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: "benchwriter", email, password, passwordConfirm: password }),
  });
  if (created.status !== 200) throw new Error(`sign-up answered ${String(created.status)}`);
  const auth = await fetchJson(`${url}/api/collections/users/auth-with-password`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ identity: email, password }),
  });
  if (auth.status !== 200) throw new Error(`sign-in answered ${String(auth.status)}`);
  return { id: (auth.json.record as { id: string }).id, token: String(auth.json.token) };
}
