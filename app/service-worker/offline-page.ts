/**
 * The page the worker answers for a page it has no copy of while offline (issue 28): a
 * static document in the reader's language (English or French, from the browser's
 * languages), linking to the desk and the editor, which the worker keeps.
 */
import en from "../../shared/i18n/catalogs/en/offline.ts";
import fr from "../../shared/i18n/catalogs/fr/offline.ts";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** The offline page's HTML, in French when the first of `languages` is French. */
export function offlinePageHtml(languages: readonly string[]): string {
  const lang = languages[0]?.toLowerCase().startsWith("fr") ? "fr" : "en";
  const { page } = lang === "fr" ? fr : en;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escape(page.title)}</title>
<style>body{font:1.05rem/1.6 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}a{color:inherit}li{margin:.5rem 0}</style>
</head>
<body>
<main>
<h1>${escape(page.heading)}</h1>
<p>${escape(page.body)}</p>
<ul>
<li><a href="/writing">${escape(page.desk)}</a></li>
<li><a href="/entry/create">${escape(page.write)}</a></li>
</ul>
</main>
</body>
</html>
`;
}
