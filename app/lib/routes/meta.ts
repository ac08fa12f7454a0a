/** Document metadata of pages: `{page title} · Cahier`, a description and a canonical link. */
import type { MetaDescriptor } from "react-router";

interface MetaInput {
  loaderData: { title?: string; description?: string; canonical?: string } | undefined;
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/**
 * The `<title>`, description and canonical link of a page whose loader returned a translated
 * `title` (and, optionally, a `description` and an absolute `canonical` URL).
 */
export function pageMeta({ loaderData, matches }: MetaInput): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { appName?: string } | undefined;
  const appName = root?.appName ?? "Cahier";
  const title = loaderData?.title;
  const out: MetaDescriptor[] = [{ title: title ? `${title} · ${appName}` : appName }];
  if (loaderData?.description) out.push({ name: "description", content: loaderData.description });
  if (loaderData?.canonical)
    out.push({ tagName: "link", rel: "canonical", href: loaderData.canonical });
  return out;
}
