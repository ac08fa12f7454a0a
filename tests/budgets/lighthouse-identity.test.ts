/**
 * Lighthouse with the site's identity in use (issue 29, ADR 069): a description, a footer line,
 * an accent colour, an uploaded icon and a custom style sheet, and the post linked to its French
 * translation (ADR 073: `hreflang` alternates, the link to the other language); the home and
 * post pages still score 100 in accessibility, best practices and SEO. With navigation links
 * (one to another site) and a standalone page in the header's navigation (ADR 075), that
 * page's own reading view scores 100 too.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/server-process.ts";
import {
  audit,
  misses,
  startLighthouseBrowser,
  type Category,
  type LighthouseBrowser,
  type PageScores,
} from "./lighthouse-runner.ts";
import { startBudgetSite, type BudgetSite } from "./site.ts";

/** The scores asked for, as `lighthouse.test.ts` asks them of every reading page. */
const LIGHTHOUSE_TARGETS = { accessibility: 100, "best-practices": 100, seo: 100 } as const;
const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS) as Category[];
const EMAIL = "identity@budget.example.com";
const PASSWORD = "identity-budget-pass";

let site: BudgetSite | undefined;
let browser: LighthouseBrowser | undefined;
const results = new Map<string, PageScores>();

/** Sets the identity through the API, as a superuser. */
async function setIdentity(
  url: string,
  env: Readonly<Record<string, string>>,
  postPath: string,
): Promise<void> {
  const upsert = await runCli(env, ["superuser", "upsert", EMAIL, PASSWORD]);
  if (upsert.code !== 0) throw new Error(`superuser upsert failed: ${upsert.stderr}`);
  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identity: EMAIL, password: PASSWORD }),
  });
  const { token } = (await auth.json()) as { token: string };
  const patch = await fetch(`${url}/api/settings`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({
      meta: {
        description: { en: "Notes from a small garden.", fr: "Notes d’un petit jardin." },
        footer: { en: "Written in Lyon", fr: "Écrit à Lyon" },
        accentColor: "#0f766e",
        customCss: ".prose h2 { letter-spacing: 0.01em; }\nfooter p { font-style: italic; }",
        navigation: {
          en: [
            { label: "Blog", url: "/blog" },
            { label: "Code", url: "https://code.example/garden" },
          ],
          fr: [{ label: "Le blog", url: "/blog" }],
        },
      },
    }),
  });
  if (!patch.ok) throw new Error(`settings: ${String(patch.status)} ${await patch.text()}`);
  const form = new FormData();
  const icon = await sharp({
    create: { width: 512, height: 512, channels: 4, background: "#0f766e" },
  })
    .png()
    .toBuffer();
  form.append("icon", new Blob([new Uint8Array(icon)], { type: "image/png" }), "icon.png");
  const upload = await fetch(`${url}/api/settings/icon`, {
    method: "POST",
    headers: { authorization: token },
    body: form,
  });
  if (!upload.ok) throw new Error(`icon: ${String(upload.status)} ${await upload.text()}`);
  const author = await linkTranslation(url, token, postPath);
  const page = await fetch(`${url}/api/collections/pages/records`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({
      author,
      slug: PAGE_SLUG,
      title: "Colophon",
      content: "Set in *Source Serif*, written in [Cahier](/).\n\n## Why\n\nA quiet garden.",
      lang: "en",
      status: "published",
      inNavigation: true,
    }),
  });
  if (!page.ok) throw new Error(`page: ${String(page.status)} ${await page.text()}`);
}

/** The standalone page measured (ADR 075). */
const PAGE_SLUG = "colophon";

/** Makes the post at `postPath` English and gives it a French translation; answers its author. */
async function linkTranslation(url: string, token: string, postPath: string): Promise<string> {
  const slug = postPath.split("/").pop() ?? "";
  const headers = { "content-type": "application/json", authorization: token };
  const list = await fetch(
    `${url}/api/collections/posts/records?filter=${encodeURIComponent(`slug = "${slug}"`)}`,
    { headers },
  );
  const [post] = ((await list.json()) as { items: { id: string; author: string }[] }).items;
  if (!post) throw new Error(`no post ${slug}`);
  const english = await fetch(`${url}/api/collections/posts/records/${post.id}`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ lang: "en" }),
  });
  if (!english.ok) throw new Error(`lang: ${String(english.status)} ${await english.text()}`);
  const french = await fetch(`${url}/api/collections/posts/records`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      author: post.author,
      title: "Notes du jardin",
      content: "Le même texte, en français.",
      status: "published",
      lang: "fr",
      translations: post.id,
    }),
  });
  if (!french.ok) throw new Error(`translation: ${String(french.status)} ${await french.text()}`);
  return post.author;
}

beforeAll(async () => {
  site = await startBudgetSite();
  await setIdentity(site.server.url, site.server.env, site.pages.post);
  browser = await startLighthouseBrowser();
  const measured = { ...site.pages, page: `/page/${PAGE_SLUG}` };
  for (const name of ["home", "post", "page"] as const) {
    const url = `${site.server.url}${measured[name]}`;
    const html = await (await fetch(url)).text();
    // The post is measured with its translation in use.
    if (name === "post" && !html.includes('hrefLang="fr"'))
      throw new Error("the post's page has no hreflang alternate");
    if (!html.includes('href="/page/colophon"') || !html.includes("code.example/garden"))
      throw new Error("the page has no site navigation");
    results.set(name, await audit(browser, url, CATEGORIES));
  }
}, 240_000);

afterAll(async () => {
  await browser?.stop();
  await site?.server.cleanup();
});

describe("Lighthouse with the site's identity (ADR 069)", () => {
  it.each(["home", "post", "page"])(
    "%s scores 100 in accessibility, best practices and SEO",
    (name) => {
      const scores = results.get(name);
      expect(scores).toBeDefined();
      if (scores) expect(misses(scores, LIGHTHOUSE_TARGETS)).toEqual([]);
    },
  );
});
