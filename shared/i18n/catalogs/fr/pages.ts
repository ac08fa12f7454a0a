/** Messages français des pages statiques : accueil, équipe, politique de confidentialité. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/pages.ts";

const pages = {
  home: {
    title: "Accueil",
    heroTitle: "Écrivez pour vous. Publiez pour tous.",
    heroText:
      "{{site}} réunit votre journal intime et votre blog public, sur un serveur que vous contrôlez. Vos entrées restent privées tant que vous n'en décidez pas autrement.",
    signUp: "Créer mon journal",
    readBlog: "Lire le blog",
    latestPosts: "Derniers articles",
    noPosts: "Rien n'a encore été publié.",
    welcome: "Bon retour, {{name}}",
    welcomeText: "Reprenez là où vous en étiez, ou commencez une nouvelle entrée.",
    recentEntries: "Vos entrées récentes",
    noEntries: "Vous n'avez encore écrit aucune entrée.",
    seeArchive: "Voir toutes les archives",
  },
  team: {
    title: "Équipe",
    intro: "Les personnes qui écrivent et veillent sur {{site}}.",
    empty: "Aucun rédacteur pour l'instant.",
  },
  privacy: {
    title: "Politique de confidentialité",
    updated: "Cette politique s'applique à {{site}}.",
    intro:
      "{{site}} est auto-hébergé : seule la personne ou l'organisation qui exploite ce serveur détient vos données. Rien n'est envoyé aux auteurs du logiciel ni à des tiers.",
    collectedTitle: "Ce que nous conservons",
    collected:
      "Votre compte (adresse e-mail, nom d'utilisateur, et si vous le souhaitez nom, avatar et biographie, langue préférée), ce que vous écrivez (entrées, articles, collections et leurs pièces jointes), et les informations techniques nécessaires au service (dates de création et de modification, journaux des requêtes du serveur).",
    purposeTitle: "Pourquoi",
    purpose:
      "Uniquement pour fournir le service : vous connecter, conserver vos écrits, les montrer aux personnes que vous avez choisies et envoyer les e-mails que vous demandez (vérification de l'adresse, réinitialisation du mot de passe).",
    visibilityTitle: "Qui peut lire vos écrits",
    visibility:
      "Les entrées et les collections sont privées par défaut : vous seul pouvez les lire. Celles qui sont non répertoriées sont lisibles par toute personne ayant le lien ; les publiques sont listées sur le site. Les articles publiés sont publics. Votre adresse e-mail n'est jamais montrée aux autres, sauf si vous la rendez visible.",
    cookiesTitle: "Cookies et stockage local",
    cookies:
      "Votre navigateur conserve votre session et votre choix de langue dans son stockage local, recopiés dans deux cookies (pb_auth et locale) pour que le serveur affiche les pages pour vous. Il n'y a aucun cookie publicitaire ni de suivi.",
    rightsTitle: "Vos droits",
    rights:
      "Vous pouvez consulter et corriger votre profil à tout moment dans les paramètres du profil, et supprimer ce que vous avez écrit. Vous pouvez demander aux administrateurs de ce serveur une copie de vos données ou la suppression de votre compte.",
    contactTitle: "Contact",
    contact: "Pour toute question sur vos données, contactez les administrateurs de {{site}}.",
  },
} satisfies CatalogShape<typeof en>;

export default pages;
