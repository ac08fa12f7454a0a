/**
 * Messages français des pages de contenu du site : l'accueil, l'équipe et le cadre de la
 * politique de confidentialité (son texte long se trouve dans `app/content/`).
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/content.ts";

const content = {
  home: {
    title: "Accueil",
    description:
      "{{site}} est un journal intime et un blog public, sur un serveur tenu par des personnes de confiance : écrivez des entrées pour vous, publiez des articles pour tous.",
    hero: {
      eyebrow: "Un journal et un blog, auto-hébergés",
      title: "Écrivez pour vous. Publiez pour tous.",
      text: "{{site}} réunit votre journal intime et votre blog public, sur un serveur tenu par des personnes de confiance. Vos entrées restent privées tant que vous n'en décidez pas autrement.",
      signUp: "Créer mon journal",
      logIn: "Se connecter",
      readBlog: "Lire le blog",
    },
    features: {
      label: "Ce que propose {{site}}",
      journal: {
        title: "Un journal qui reste le vôtre",
        text: "Chaque entrée est privée par défaut. Partagez-la par lien ou publiez-la quand vous êtes prêt.",
      },
      blog: {
        title: "Un blog pour les rédacteurs",
        text: "Les rédacteurs préparent, programment et publient des articles que tout le monde peut lire, sans compte.",
      },
      selfHosted: {
        title: "Hébergé ici, pas ailleurs",
        text: "Tout reste sur ce serveur : ni publicité, ni pistage, ni service tiers.",
      },
    },
    greeting: "Bon retour, {{name}}",
    greetingText: "Reprenez là où vous en étiez, ou commencez l'entrée du jour.",
    greetingNew: "Bienvenue, {{name}}",
    greetingNewText:
      "Votre journal est prêt. Commencez par une première entrée : elle reste privée tant que vous n'en décidez pas autrement.",
    newEntry: "Nouvelle entrée",
    newPost: "Nouvel article",
    archive: "Archives",
    instances: "Instances",
    superuserText:
      "Vous êtes connecté en tant que superutilisateur : vous administrez cette instance plutôt que d'y écrire.",
    recentEntries: "Vos entrées récentes",
    noEntries:
      "Vous n'avez encore écrit aucune entrée. La première restera privée tant que vous n'en déciderez pas autrement.",
    writeFirstEntry: "Écrire ma première entrée",
    latestPosts: "Derniers articles",
    allPosts: "Tous les articles",
    noPosts: "Rien n'a encore été publié.",
    noPostsWriter: "Rien n'a encore été publié : le premier article pourrait être le vôtre.",
    writeFirstPost: "Écrire le premier article",
    noPostsVisitor:
      "Rien n'a encore été publié. Revenez bientôt, ou commencez dès maintenant votre propre journal.",
    byline: "Par {{name}}",
  },
  sitePage: {
    draftNotice:
      "Un brouillon : seuls vous et les administrateurs voyez cette page tant qu’elle n’est pas publiée.",
  },
  team: {
    title: "Équipe",
    description: "Les rédacteurs et les administrateurs de {{site}}.",
    intro: "Les personnes qui écrivent et qui font vivre {{site}}.",
    empty:
      "Personne pour l'instant. Les rédacteurs et les administrateurs apparaissent sur cette page dès qu'un administrateur leur attribue un rôle.",
    profileLink: "Profil de {{name}}",
  },
  privacy: {
    title: "Politique de confidentialité",
    description:
      "Ce que {{site}} enregistre à votre sujet, qui peut le lire, combien de temps il le garde et comment le faire supprimer.",
    lastUpdated: "Dernière mise à jour : {{date}}",
    contents: "Sommaire",
  },
} satisfies CatalogShape<typeof en>;

export default content;
