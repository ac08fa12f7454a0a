/**
 * Messages français du fédiverse (ADR 071) : l’identifiant sur le profil d’un auteur, les
 * « j’aime » et partages d’un billet, et la page des abonnés (`/writing/followers`).
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/fediverse.ts";

const fediverse = {
  handle: {
    label: "Sur le fédiverse",
    copy: "Copier l’identifiant",
    copied: "Identifiant copié.",
  },
  reactions: {
    likes_one: "{{count}} « j’aime »",
    likes_other: "{{count}} « j’aime »",
    boosts_one: "{{count}} partage",
    boosts_other: "{{count}} partages",
    both: "{{first}} et {{second}} depuis le fédivers",
    one: "{{what}} depuis le fédivers",
  },
} satisfies CatalogShape<typeof en>;

export default fediverse;
