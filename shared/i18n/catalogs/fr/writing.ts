/**
 * Messages français de « Mes écrits » (`/writing`) : les entrées et articles de la personne
 * connectée, du dernier modifié au plus ancien, leurs nombres par état, les filtres, les
 * listes vides et les actions rapides (modifier, aperçu, publier, supprimer).
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/writing.ts";

const writing = {
  title: "Mes écrits",
  intro:
    "Tout ce que vous écrivez, du dernier modifié au plus ancien : brouillons, articles programmés et entrées privées compris. Vous seul voyez cette page.",
  description: "Vos entrées et vos articles, brouillons compris, par dernière modification.",
  newEntry: "Nouvelle entrée",
  newPost: "Nouvel article",
  states: {
    label: "Vos écrits par état",
    all: "Tout",
    entriesGroup: "Entrées",
    postsGroup: "Articles",
    entries: "Toutes les entrées",
    private: "Privées",
    unlisted: "Non répertoriées",
    public: "Publiques",
    posts: "Tous les articles",
    drafts: "Brouillons",
    scheduled: "Programmés",
    published: "Publiés",
  },
  headings: {
    all: "Tout",
    entries: "Toutes les entrées",
    private: "Entrées privées",
    unlisted: "Entrées non répertoriées",
    public: "Entrées publiques",
    posts: "Tous les articles",
    drafts: "Brouillons",
    scheduled: "Articles programmés",
    published: "Articles publiés",
    inCollection: "{{what}} dans « {{collection}} »",
  },
  filters: {
    label: "Filtrer par collection",
    collection: "Collection",
    anyCollection: "Toutes les collections",
    apply: "Appliquer",
    clear: "Tout afficher",
  },
  range: "{{from}}–{{to}} sur {{total}}",
  move: {
    legend: "Déplacer les entrées sélectionnées",
    collection: "Dans la collection",
    none: "Aucune collection",
    submit: "Déplacer",
    select: "Sélectionner « {{title}} »",
    noneSelected: "Sélectionnez d'abord au moins une entrée.",
    tooMany: "Déplacez au plus {{max}} entrées à la fois.",
    unknownCollection: "Cette collection n'est pas l'une des vôtres.",
    failed: "Rien n'a été déplacé : une entrée choisie n'a pas pu être modifiée.",
    moved_one: "{{count}} entrée déplacée dans « {{collection}} ».",
    moved_other: "{{count}} entrées déplacées dans « {{collection}} ».",
    movedOut_one: "{{count}} entrée retirée de sa collection.",
    movedOut_other: "{{count}} entrées retirées de leur collection.",
  },
  row: {
    entry: "Entrée",
    post: "Article",
    draft: "Brouillon",
    scheduled: "Programmé",
    published: "Publié",
    scheduledFor: "En ligne le {{date}}",
    publishedOn: "Publié le {{date}}",
    edited: "Modifié le {{date}}",
    inCollection: "Dans {{collection}}",
    actions: "Actions pour « {{title}} »",
  },
  actions: {
    edit: "Modifier",
    editLabel: "Modifier « {{title}} »",
    preview: "Aperçu",
    previewLabel: "Aperçu de « {{title}} »",
    view: "Voir",
    viewLabel: "Voir « {{title}} »",
    publish: "Publier",
    publishLabel: "Publier « {{title}} »",
    publishTitle: "Publier « {{title}} » maintenant ?",
    publishBody:
      "Les lecteurs le verront aussitôt sur le blog et dans les flux, daté de maintenant.",
    publishBodyDated:
      "Il est daté du {{date}} ; le publier maintenant le date de maintenant. Les lecteurs le verront aussitôt sur le blog et dans les flux.",
    publishConfirm: "Publier maintenant",
    published: "« {{title}} » est publié.",
    delete: "Supprimer",
    deleteLabel: "Supprimer « {{title}} »",
    deleteTitle: "Supprimer « {{title}} » ?",
    deleteEntryBody:
      "L'entrée et ses pièces jointes sont supprimées définitivement, avec leur historique. Impossible de revenir en arrière.",
    deletePostBody:
      "L'article et sa couverture sont supprimés définitivement, avec leur historique ; les lecteurs ne peuvent plus l'ouvrir. Impossible de revenir en arrière.",
    deleteConfirm: "Supprimer définitivement",
    deleted: "« {{title}} » a été supprimé.",
    cancel: "Annuler",
  },
  empty: {
    all: "Vous n'avez encore rien écrit. Votre première entrée est à un clic.",
    entries: "Vous n'avez encore aucune entrée.",
    private: "Vous n'avez aucune entrée privée.",
    unlisted: "Vous n'avez aucune entrée non répertoriée.",
    public: "Vous n'avez aucune entrée publique.",
    posts: "Vous n'avez encore aucun article.",
    drafts: "Vous n'avez aucun brouillon.",
    scheduled: "Vous n'avez aucun article programmé.",
    published: "Vous n'avez pas encore publié d'article.",
    inCollection: {
      all: "Il n'y a encore aucune entrée dans « {{collection}} ».",
      entries: "Il n'y a encore aucune entrée dans « {{collection}} ».",
      private: "Il n'y a aucune entrée privée dans « {{collection}} ».",
      unlisted: "Il n'y a aucune entrée non répertoriée dans « {{collection}} ».",
      public: "Il n'y a aucune entrée publique dans « {{collection}} ».",
    },
    showAll: "Tout afficher",
  },
} satisfies CatalogShape<typeof en>;

export default writing;
