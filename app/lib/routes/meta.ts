/**
 * Document metadata of pages: `{page title} · Cahier`, a description and a canonical link; a
 * page with a canonical address is public, and also gets its Open Graph and Twitter card tags,
 * with the site's social image (ADR 069).
 */
import type { MetaDescriptor } from "react-router";
import { defaultSocialImage, rootSiteData } from "./site-identity.ts";
import { socialMeta } from "./social-meta.ts";

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
    { appName?: string; locale?: string } | undefined;
  const appName = root?.appName ?? "Cahier";
  const title = loaderData?.title;
  const out: MetaDescriptor[] = [{ title: title ? `${title} · ${appName}` : appName }];
  if (loaderData?.canonical) {
    const url = loaderData.canonical;
    return [
      ...out,
      ...socialMeta({
        title: title ?? appName,
        description: loaderData.description,
        url,
        siteName: appName,
        type: "website",
        locale: root?.locale ?? "en",
        image: defaultSocialImage(rootSiteData(matches), url),
      }),
    ];
  }
  if (loaderData?.description) out.push({ name: "description", content: loaderData.description });
  return out;
}
