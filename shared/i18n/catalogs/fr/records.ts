/** Messages français des pages de contenu : entrées, articles, collections, éléments, profils. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/records.ts";

const records = {
  meta: {
    by: "par {{name}}",
    createdOn: "Créé le {{date}}",
    updatedOn: "Modifié le {{date}}",
    publishedOn: "Publié le {{date}}",
    date: "Date",
    author: "Auteur",
    tags: "Étiquettes",
    status: "Statut",
  },
  archive: {
    title: "Archives",
  },
  blog: {
    title: "Blog",
    intro: "Les articles publiés par les rédacteurs de {{site}}.",
    empty: "Rien n'a encore été publié.",
    readMore: "Lire « {{title}} »",
  },
  collections: {
    title: "Collections",
  },
  entry: {
    createTitle: "Nouvelle entrée",
    updateTitle: "Modifier l'entrée",
    editLink: "Modifier cette entrée",
    content: "Contenu",
    noContent: "Cette entrée est vide.",
  },
  post: {
    createTitle: "Nouvel article",
    updateTitle: "Modifier l'article",
    editLink: "Modifier cet article",
    draft: "Brouillon",
    published: "Publié",
    scheduled: "Programmé",
  },
  collection: {
    createTitle: "Nouvelle collection",
    updateTitle: "Modifier la collection",
  },
  items: {
    title: "Instances",
    intro: "Les éléments gérés par les administrateurs de {{site}}.",
    empty: "Aucun élément pour l'instant.",
    create: "Nouvel élément",
    createTitle: "Nouvel élément",
    updateTitle: "Modifier l'élément",
    editLink: "Modifier cet élément",
    code: "Code",
    name: "Nom",
    status: "Statut",
    active: "Actif",
    archived: "Archivé",
    data: "Données",
  },
  profile: {
    entries: "Entrées publiques",
    posts: "Articles",
    noEntries: "Aucune entrée publique pour l'instant.",
    noPosts: "Aucun article pour l'instant.",
    settingsLink: "Paramètres du profil",
    memberSince: "Membre depuis le {{date}}",
  },
  settings: {
    title: "Paramètres du profil",
    intro: "Comment les autres vous voient, et la langue de l'interface.",
    saved: "Votre profil a été enregistré.",
    language: "Langue",
  },
  form: {
    title: "Titre",
    name: "Nom dans l'adresse",
    nameHint: "Lettres, chiffres et tirets ; tiré du titre s'il est laissé vide.",
    content: "Contenu",
    contentHint: "Le Markdown est bienvenu.",
    excerpt: "Extrait",
    description: "Description",
    date: "Date",
    tags: "Étiquettes",
    tagsHint: "Séparées par des virgules.",
    status: "Statut",
    publishedAt: "Date de publication",
    collection: "Collection",
    noCollection: "Aucune collection",
    bio: "Biographie",
    displayName: "Nom",
    failed: "Les modifications n'ont pas pu être enregistrées. Vérifiez les champs ci-dessous.",
  },
  superuserNotice: {
    heading: "Les superutilisateurs n'écrivent pas",
    text: "Les superutilisateurs gèrent le site mais n'écrivent pas : connectez-vous avec un compte utilisateur pour écrire.",
    admin: "Aller à l'administration",
  },
} satisfies CatalogShape<typeof en>;

export default records;
