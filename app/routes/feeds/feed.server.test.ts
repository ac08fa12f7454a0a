/**
 * The feed helpers on their own: text XML can carry, escaping, absolute links in rendered
 * HTML, the three formats from one model (well-formed whatever the text), and the
 * conditional answers (ETag, Last-Modified, 304, HEAD).
 */
import { describe, expect, it } from "vitest";
import { child, childrenNamed, parseXml } from "#tests/helpers/xml.ts";
import {
  absolutizeHtml,
  cacheableResponse,
  escapeHtml,
  formatOf,
  renderFeed,
  xmlSafe,
  type FeedModel,
} from "./feed.server.ts";

const ORIGIN = "https://journal.example.com";

/** What HTML shows for a text with character references (the ones the feeds write). */
function htmlText(html: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"' };
  return html.replace(/&(#\d+|amp|lt|gt|quot);/g, (_match, name: string) =>
    name.startsWith("#") ? String.fromCharCode(Number(name.slice(1))) : (named[name] ?? ""),
  );
}

/** A model whose every text is hostile. */
function model(): FeedModel {
  const nasty = 'A & B <i>x</i> ]]> "q" \u0001\uFFFE\uD800 ✓ 😀';
  return {
    title: nasty,
    description: nasty,
    language: "en",
    homeUrl: `${ORIGIN}/blog`,
    feedBase: `${ORIGIN}/blog`,
    icon: `${ORIGIN}/favicon.svg`,
    author: { name: nasty, url: `${ORIGIN}/profile/a` },
    items: [
      {
        url: `${ORIGIN}/post/a/b?x=1&y=2`,
        title: nasty,
        html: "<p>ok ]]> done</p>",
        summary: nasty,
        published: new Date("2025-01-02T03:04:05Z"),
        updated: new Date("2025-02-03T04:05:06Z"),
        author: { name: nasty, url: `${ORIGIN}/profile/a`, avatar: `${ORIGIN}/a.png` },
        tags: [nasty],
        language: "fr",
      },
    ],
    emptyUpdated: new Date(0),
  };
}

describe("xmlSafe and escapeHtml", () => {
  it("drops what XML cannot carry and keeps the rest", () => {
    expect(xmlSafe("a\u0000b\u0008c\td\ne\rf\uFFFEg\uFFFFh\uD800i\uDC00j 😀 é")).toBe(
      "abc\td\ne\rfghij 😀 é",
    );
  });

  it("escapes the five HTML characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});

describe("absolutizeHtml", () => {
  it("gives site links and images the origin, and anchors the item's URL", () => {
    const html =
      '<a href="/blog">b</a> <img src="/api/files/x/y/z.png" alt=""> <a href="#md-top">t</a> ' +
      '<a href="//evil.example/x">p</a> <a href="https://example.com/">e</a> <a href="mailto:a@b.c">m</a>';
    expect(absolutizeHtml(html, ORIGIN, `${ORIGIN}/post/a/b`)).toBe(
      `<a href="${ORIGIN}/blog">b</a> <img src="${ORIGIN}/api/files/x/y/z.png" alt=""> ` +
        `<a href="${ORIGIN}/post/a/b#md-top">t</a> <a href="//evil.example/x">p</a> ` +
        '<a href="https://example.com/">e</a> <a href="mailto:a@b.c">m</a>',
    );
  });

  it("keeps one absolute source per image: a srcset would keep site-relative addresses", () => {
    const html =
      '<img src="/api/files/posts/abcdefghij12345/p.jpg?thumb=960x0" alt="" srcset="/api/files/posts/abcdefghij12345/p.jpg?thumb=480x0 480w" sizes="100vw">';
    expect(absolutizeHtml(html, ORIGIN, `${ORIGIN}/post/a/b`)).toBe(
      `<img src="${ORIGIN}/api/files/posts/abcdefghij12345/p.jpg?thumb=960x0" alt="">`,
    );
  });
});

describe("renderFeed", () => {
  it("writes well-formed RSS and Atom whatever the text", () => {
    const rss = parseXml(renderFeed(model(), "rss"));
    const item = child(child(rss, "channel"), "item");
    expect(child(item, "title").text).toBe(
      "A &amp; B &lt;i&gt;x&lt;/i&gt; ]]&gt; &quot;q&quot;  ✓ 😀",
    );
    expect(child(item, "link").text).toBe(`${ORIGIN}/post/a/b?x=1&y=2`);
    expect(child(item, "content:encoded").text).toBe("<p>ok ]]> done</p>");

    const atom = parseXml(renderFeed(model(), "atom"));
    const entry = child(atom, "entry");
    expect(child(entry, "title").text).toBe(
      "A &amp; B &lt;i&gt;x&lt;/i&gt; ]]&gt; &quot;q&quot;  ✓ 😀",
    );
    // The package escapes only `&` in category attributes; `<` is escaped too.
    expect(child(entry, "category").attributes).toEqual({
      label: 'A & B <i>x</i> ]]> "q"  ✓ 😀',
      term: 'A & B <i>x</i> ]]> "q"  ✓ 😀',
    });
    expect(child(entry, "updated").text).toBe("2025-02-03T04:05:06.000Z");
    expect(child(entry, "published").text).toBe("2025-01-02T03:04:05.000Z");
    expect(child(atom, "updated").text).toBe("2025-02-03T04:05:06.000Z");
    expect(childrenNamed(atom, "link").map((link) => link.attributes.rel)).toEqual([
      "alternate",
      "self",
    ]);
  });

  it("escapes RSS titles as text, so a reader that reads them as HTML shows the markup", () => {
    const rss = parseXml(renderFeed(model(), "rss"));
    const channel = child(rss, "channel");
    expect(child(channel, "title").text).toBe(
      "A &#38; B &#60;i&#62;x&#60;/i&#62; ]]&#62; &#34;q&#34;  ✓ 😀",
    );
    expect(child(child(channel, "item"), "title").text).toBe(
      "A &amp; B &lt;i&gt;x&lt;/i&gt; ]]&gt; &quot;q&quot;  ✓ 😀",
    );
    // Read as HTML, each is the text that was written, not markup.
    for (const title of [child(channel, "title"), child(child(channel, "item"), "title")])
      expect(htmlText(title.text)).toBe('A & B <i>x</i> ]]> "q"  ✓ 😀');
  });

  it("writes JSON Feed 1.1", () => {
    const feed = JSON.parse(renderFeed(model(), "json")) as Record<string, unknown>;
    expect(feed).toMatchObject({
      version: "https://jsonfeed.org/version/1.1",
      feed_url: `${ORIGIN}/blog/feed.json`,
      language: "en",
      authors: [{ name: expect.any(String), url: `${ORIGIN}/profile/a` }],
      items: [
        {
          id: `${ORIGIN}/post/a/b?x=1&y=2`,
          date_published: "2025-01-02T03:04:05.000Z",
          date_modified: "2025-02-03T04:05:06.000Z",
          language: "fr",
          authors: [{ avatar: `${ORIGIN}/a.png` }],
        },
      ],
    });
    expect(feed).not.toHaveProperty("author");
  });

  it("dates an empty feed with emptyUpdated", () => {
    const empty = { ...model(), items: [], emptyUpdated: new Date("2024-05-06T07:08:09Z") };
    expect(child(parseXml(renderFeed(empty, "atom")), "updated").text).toBe(
      "2024-05-06T07:08:09.000Z",
    );
  });
});

describe("formatOf", () => {
  it("reads the format from the file name", () => {
    expect(formatOf(new Request("http://x/blog/rss.xml"))).toBe("rss");
    expect(formatOf(new Request("http://x/profile/a/atom.xml?x=1"))).toBe("atom");
    expect(formatOf(new Request("http://x/collection/a/b/feed.json"))).toBe("json");
  });
});

describe("cacheableResponse", () => {
  const lastModified = new Date("2025-03-04T10:00:00.500Z");
  const answer = (headers: Record<string, string> = {}, method = "GET") =>
    cacheableResponse(new Request("http://x/f", { method, headers }), "body", {
      contentType: "text/plain; charset=utf-8",
      lastModified,
      vary: "Cookie",
    });

  it("answers with the body and its validators", async () => {
    const res = answer();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("body");
    expect(res.headers.get("etag")).toMatch(/^W\/"[\w-]{32}"$/);
    expect(res.headers.get("last-modified")).toBe("Tue, 04 Mar 2025 10:00:00 GMT");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("vary")).toBe("Cookie");
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("answers 304 when If-None-Match names the ETag, strong or weak, or is *", async () => {
    const etag = answer().headers.get("etag") ?? "";
    for (const header of [etag, etag.slice(2), `"a", ${etag}`, "*"]) {
      const res = answer({ "if-none-match": header });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("content-type")).toBeNull();
    }
    expect(answer({ "if-none-match": '"a"' }).status).toBe(200);
  });

  it("answers 304 by date only without If-None-Match, to the second", () => {
    expect(answer({ "if-modified-since": "Tue, 04 Mar 2025 10:00:00 GMT" }).status).toBe(304);
    expect(answer({ "if-modified-since": "Tue, 04 Mar 2025 09:59:59 GMT" }).status).toBe(200);
    expect(answer({ "if-modified-since": "not a date" }).status).toBe(200);
    expect(
      answer({ "if-modified-since": "Tue, 04 Mar 2025 10:00:00 GMT", "if-none-match": '"a"' })
        .status,
    ).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = answer({}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toBe("");
  });
});
