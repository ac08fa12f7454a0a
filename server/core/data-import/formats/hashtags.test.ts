import { describe, expect, it } from "vitest";
import { hashtagsOf } from "./hashtags.ts";

describe("hashtagsOf", () => {
  it("reads hashtags of the prose, lower-cased, each once, in order", () => {
    expect(hashtagsOf("Walked to the #Lake with #dogs. Then #lake again (#Trips/2024).")).toEqual([
      "lake",
      "dogs",
      "trips/2024",
    ]);
    expect(hashtagsOf("#first word, and a list:\n- item #été\n> quote #quoted-tag-")).toEqual([
      "first",
      "été",
      "quoted-tag",
    ]);
  });

  it("leaves out headings, code, addresses, entities, escapes and numbers", () => {
    const text = [
      "# Heading",
      "## Second #inheading",
      "Use `#notatag` or ``a #b``; see https://example.com/page#fragment",
      "and [a link](https://x.org/#frag) or [an anchor](#anchor) or <https://y.org/#z>.",
      'It&#39;s issue #12, not a tag; \\#escaped; mail#nope; <span style="color:#fff">x</span>',
      "",
      "```js",
      "const a = '#fenced';",
      "```",
      "",
      "    #indented code",
      "",
      "~~~",
      "#tilde",
      "~~~",
      "last #kept",
    ].join("\n");
    expect(hashtagsOf(text)).toEqual(["inheading", "kept"]);
  });
});
