/** Messages français du cadre commun : en-tête, navigation, pied de page, états. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/common.ts";

const common = {
  app: {
    name: "Cahier",
    tagline: "Un journal intime et un blog public",
  },
  skipLink: "Aller au contenu principal",
  header: {
    home: "{{app}}, accueil",
    mainNav: "Navigation principale",
    openMenu: "Ouvrir le menu",
    closeMenu: "Fermer le menu",
    switchLanguage: "En",
    switchLanguageLabel: "Switch to English",
    account: "Compte",
    profileLink: "{{name}}, votre profil",
    logout: "Se déconnecter",
    siteNav: "Liens du site",
    externalLink: "(autre site)",
  },
  theme: {
    toggle: "Thème de couleurs : {{current}}. Passer à {{next}}",
    system: "Système",
    light: "Clair",
    dark: "Sombre",
    saveFailed:
      "Votre thème n’a pas pu être enregistré dans votre compte. Il reste dans ce navigateur.",
  },
  nav: {
    home: "Accueil",
    blog: "Blog",
    login: "Connexion",
    signUp: "Inscription",
    newEntry: "Nouvelle entrée",
    archive: "Archives",
    newPost: "Nouvel article",
    instances: "Instances",
    collections: "Collections",
    writing: "Mes écrits",
  },
  footer: {
    label: "Informations sur le site",
    team: "Équipe",
    privacyPolicy: "Politique de confidentialité",
    about: "{{site}}, un journal et un blog auto-hébergés.",
  },
  avatar: {
    alt: "Avatar de {{name}}",
  },
  loading: "Chargement…",
  actions: {
    save: "Enregistrer",
    saving: "Enregistrement…",
    cancel: "Annuler",
    edit: "Modifier",
    create: "Créer",
    previous: "Page précédente",
    next: "Page suivante",
  },
  pagination: {
    label: "Pagination",
    page: "Page {{page}} sur {{total}}",
  },
  roles: {
    writer: "Rédacteur",
    admin: "Administrateur",
    superuser: "Superutilisateur",
  },
  languages: {
    en: "English",
    fr: "Français",
  },
  visibility: {
    label: "Visibilité",
    private: "Privée",
    unlisted: "Non répertoriée",
    public: "Publique",
  },
} satisfies CatalogShape<typeof en>;

export default common;
