/**
 * The WebAuthn relying party of the instance (ADR 052), derived from the public URL
 * (`APP_URL`, or `http://<HOST>:<PORT>` without it): its id is the URL's host name and the
 * only origin accepted is the URL's origin. Browsers accept no IP address as a relying party
 * id, so a loopback address (`127.0.0.1`, `::1`) stands for `localhost` on the same scheme
 * and port, the address a person on that machine opens; any other IP address turns passkeys
 * off (`auth-methods` says so).
 */

/** Where passkeys may be created and used. */
export interface RelyingParty {
  /** The relying party id: a host name (`journal.example.com`, `localhost`). */
  id: string;
  /** The origins a browser's answer may come from. */
  origins: string[];
}

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "::1"]);

function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[") || host.includes(":");
}

/** The relying party of a public URL; null when no browser would accept one there. */
export function relyingPartyOf(appUrl: string): RelyingParty | null {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase();
  if (LOOPBACK.has(host)) {
    const local = new URL(url.origin);
    local.hostname = "localhost";
    return { id: "localhost", origins: [local.origin] };
  }
  if (isIpAddress(host) || !host) return null;
  return { id: host, origins: [url.origin] };
}
