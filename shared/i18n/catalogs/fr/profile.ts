/** Messages français de la page de profil (`/profile/{username}`). */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/profile.ts";

const profile = {
  description: "{{name}} sur {{app}} : articles publiés, entrées et collections publiques.",
  memberSince: "Membre depuis le {{date}}",
  editProfile: "Modifier votre profil",
  ownerNote:
    "Voici votre profil public. Les éléments non répertoriés n'y sont listés que pour vous.",
  about: "À propos de {{name}}",
  unlisted: "Non répertorié",
  posts: {
    title: "Articles",
    empty: "{{name}} n'a encore publié aucun article.",
    emptyOwn: "Vous n'avez encore publié aucun article.",
    write: "Écrire un article",
    pages: "Pages des articles de {{name}}",
  },
  entries: {
    title: "Entrées",
    empty: "{{name}} n'a encore aucune entrée publique.",
    emptyOwn: "Les entrées que vous rendez publiques ou non répertoriées apparaissent ici.",
    write: "Nouvelle entrée",
    pages: "Pages des entrées de {{name}}",
  },
  collections: {
    title: "Collections",
    empty: "{{name}} n'a encore aucune collection publique.",
    emptyOwn: "Les collections que vous rendez publiques ou non répertoriées apparaissent ici.",
    create: "Nouvelle collection",
  },
  feeds: {
    label: "Suivre les articles de {{name}}",
    rss: "RSS",
    atom: "Atom",
    json: "JSON Feed",
  },
} satisfies CatalogShape<typeof en>;

export default profile;
