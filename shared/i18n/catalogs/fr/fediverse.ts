/** Messages français du fédiverse (ADR 071) : l’identifiant sur le profil d’un auteur. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/fediverse.ts";

const fediverse = {
  handle: {
    label: "Sur le fédiverse",
    copy: "Copier l’identifiant",
    copied: "Identifiant copié.",
  },
} satisfies CatalogShape<typeof en>;

export default fediverse;
