/** Messages français des flux (RSS, Atom, JSON Feed) et de leurs liens de découverte. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/feeds.ts";

const feeds = {
  blog: {
    title: "Blog de {{app}}",
    description: "Les articles publiés par les auteurs de {{app}}.",
  },
  author: {
    title: "Articles de {{name}}",
    description: "Les articles que {{name}} publie sur {{app}}.",
  },
  collection: {
    title: "{{title}}, de {{name}}",
    description: "Les entrées publiques de la collection « {{title}} » de {{name}}.",
  },
  alternate: "{{title}} ({{format}})",
} satisfies CatalogShape<typeof en>;

export default feeds;
