/** Messages français de la connexion avec un autre compte (OAuth2 / OpenID Connect) sur `/login`. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/oauth2.ts";

const oauth2 = {
  divider: "ou",
  groupLabel: "Se connecter avec un autre compte",
  continueWith: "Continuer avec {{provider}}",
  redirecting: "Redirection vers {{provider}}…",
  signingIn: "Connexion en cours…",
  stateMismatch: "Les paramètres d'état ne correspondent pas",
  providerErrors: {
    access_denied: "La connexion a été annulée ou refusée par le fournisseur.",
    temporarily_unavailable:
      "Le fournisseur est indisponible pour le moment. Veuillez réessayer plus tard.",
    server_error: "Le fournisseur est indisponible pour le moment. Veuillez réessayer plus tard.",
    login_required: "Connectez-vous d'abord chez le fournisseur, puis réessayez.",
    consent_required: "Le fournisseur a besoin de votre accord pour vous connecter ici.",
    interaction_required: "Le fournisseur vous demande de terminer la connexion chez lui d'abord.",
    other: "Le fournisseur n'a pas pu vous connecter (erreur {{code}}).",
  },
  failed: "La connexion avec {{provider}} a échoué. Veuillez réessayer.",
  noVerifiedEmail:
    "Votre compte {{provider}} n'a pas d'adresse e-mail vérifiée : aucun compte n'a pu être créé ici.",
  unknownProvider: "votre fournisseur",
  /** La page de `/api/oauth2-redirect` (fenêtre de connexion du SDK). */
  success: {
    title: "Connexion réussie",
    message: "Vous êtes connecté. Vous pouvez fermer cette fenêtre et revenir à {{site}}.",
  },
  failure: {
    title: "Échec de la connexion",
    message: "La connexion n'a pas pu aboutir. Fermez cette fenêtre et réessayez depuis {{site}}.",
  },
} satisfies CatalogShape<typeof en>;

export default oauth2;
