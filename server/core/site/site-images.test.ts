import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SITE_ICON_FILES } from "../../../shared/site/site-files.ts";
import { DEFAULT_ICON_SVG, renderIcons } from "./site-images.ts";

describe("the site's icons", () => {
  it("draws Cahier's own icon, the same as public/favicon.svg", () => {
    const favicon = fs.readFileSync(
      path.join(import.meta.dirname, "../../../public/favicon.svg"),
      "utf8",
    );
    expect(favicon.trim()).toBe(DEFAULT_ICON_SVG);
  });

  it("renders every icon at its size; the touch and maskable icons are opaque", async () => {
    const icons = await renderIcons(Buffer.from(DEFAULT_ICON_SVG));
    for (const [name, spec] of Object.entries(SITE_ICON_FILES)) {
      const image = icons.get(name as keyof typeof SITE_ICON_FILES);
      expect(image, name).toBeDefined();
      const meta = await sharp(image).metadata();
      expect([meta.width, meta.height, meta.format], name).toEqual([spec.size, spec.size, "png"]);
      if (spec.opaque) {
        const { data } = await sharp(image)
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        // The top-left corner: white, not transparent.
        expect([...data.subarray(0, 4)], name).toEqual([255, 255, 255, 255]);
      }
    }
  });
});
