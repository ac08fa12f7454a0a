/** Messages français de la page où `/api/oauth2-redirect` envoie la fenêtre de connexion OAuth2. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/oauth2.ts";

const oauth2 = {
  success: {
    title: "Connexion réussie",
    message: "Vous êtes connecté. Vous pouvez fermer cette fenêtre et revenir à Cahier.",
  },
  failure: {
    title: "Échec de la connexion",
    message: "La connexion n'a pas pu aboutir. Fermez cette fenêtre et réessayez depuis Cahier.",
  },
} satisfies CatalogShape<typeof en>;

export default oauth2;
