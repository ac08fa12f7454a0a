/** Which posts the editor offers as a post's translation (issue 29 item 4). */
import { describe, expect, it } from "vitest";
import { offeredTranslations } from "./translation-field.tsx";

const posts = [
  { id: "en1", title: "Free English", lang: "en", translations: "" },
  { id: "fr1", title: "Free French", lang: "fr", translations: "" },
  { id: "fr2", title: "French linked here", lang: "fr", translations: "me" },
  { id: "fr3", title: "French linked elsewhere", lang: "fr", translations: "en9" },
  { id: "me", title: "The post itself", lang: "en", translations: "fr2" },
];

describe("offeredTranslations", () => {
  it("offers free posts in another language, and the one linked to this post", () => {
    expect(offeredTranslations(posts, "me", "en", "fr2").map((p) => p.id)).toEqual(["fr1", "fr2"]);
  });
  it("keeps the chosen post even when the language changed under it", () => {
    expect(offeredTranslations(posts, "me", "fr", "fr2").map((p) => p.id)).toEqual(["en1", "fr2"]);
  });
  it("offers a new post every free post in the other language", () => {
    expect(offeredTranslations(posts, undefined, "fr", "").map((p) => p.id)).toEqual(["en1"]);
  });
});
