/** Addresses of the fediverse (ADR 071), without Fedify. */

/** The host (with its port) of an address, lower-cased, or "" when it is not one. */
export function hostOfAddress(id: string | URL | null | undefined): string {
  if (!id) return "";
  try {
    return new URL(id).host.toLowerCase();
  } catch {
    return "";
  }
}
