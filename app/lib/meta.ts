/** Document metadata of pages: `{page title} · Cahier` and a description. */
import type { MetaDescriptor } from "react-router";

interface MetaInput {
  loaderData: { title?: string; description?: string } | undefined;
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/** The `<title>` and description of a page whose loader returned a translated `title`. */
export function pageMeta({ loaderData, matches }: MetaInput): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { appName?: string } | undefined;
  const appName = root?.appName ?? "Cahier";
  const title = loaderData?.title;
  const out: MetaDescriptor[] = [{ title: title ? `${title} · ${appName}` : appName }];
  if (loaderData?.description) out.push({ name: "description", content: loaderData.description });
  return out;
}
