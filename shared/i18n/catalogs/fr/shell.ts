/**
 * Messages français des comportements du cadre : notifications (et erreurs de requête
 * qu'elles signalent), barre de chargement et annonce d'une nouvelle page.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/shell.ts";

const shell = {
  shortcuts: {
    heading: "Raccourcis clavier",
    general: "Partout",
    editor: "Dans l'éditeur",
    search: "Rechercher",
    list: "Afficher cette liste",
    close: "Fermer un dialogue, le menu ou le mode concentration",
    save: "Enregistrer",
    bold: "Gras",
    italic: "Italique",
    link: "Lien",
    focus: "Mode concentration",
    leaveList: "Sortir d'une liste",
    shift: "Maj",
    closeButton: "Fermer",
  },
  notifications: {
    label: "Notifications",
    dismiss: "Fermer la notification",
    loggedIn: "Bon retour, {{name}}.",
    signedUp: "Bienvenue sur {{site}}, {{name}} ! Votre compte est prêt.",
    loggedOut: "Déconnexion réussie.",
    sessionExpired:
      "Vous avez été déconnecté de cet appareil, depuis un autre appareil ou parce que la session a pris fin. Veuillez vous reconnecter.",
    created: "Création réussie.",
    saved: "Modifications enregistrées.",
    localeFailed: "La langue n'a pas pu être chargée. Veuillez réessayer.",
    localeSaveFailed:
      "La langue n’a pas pu être enregistrée dans votre compte : les courriels et votre prochaine connexion gardent la précédente.",
  },
  requestErrors: {
    invalidFields: "Certains champs sont à corriger.",
    unauthorized: "Veuillez vous connecter pour continuer.",
    forbidden: "Vous n'avez pas le droit de faire cela.",
    notFound: "La ressource demandée est introuvable.",
    tooManyRequests: "Trop de requêtes. Patientez un instant, puis réessayez.",
  },
  navigation: {
    loading: "Chargement de la page…",
  },
} satisfies CatalogShape<typeof en>;

export default shell;
