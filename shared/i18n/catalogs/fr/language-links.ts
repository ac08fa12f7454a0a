/** Les mots qui mènent à la version française, en français (voir `../en/language-links.ts`). */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/language-links.ts";

const languageLinks = {
  readIn: "Lire en français",
  blogFeed: "Blog de {{app}} en français",
} satisfies CatalogShape<typeof en>;

export default languageLinks;
