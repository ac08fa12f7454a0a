/**
 * Messages français des listes (blog, archives, collections, listes de l'accueil), de la
 * pagination, du Markdown affiché et des formulaires de collection.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/listings.ts";

const listings = {
  markdown: {
    taskDone: "Fait",
    taskOpen: "À faire",
  },
  meta: {
    by: "Par {{name}}",
    readingTime: "{{count}} min de lecture",
    tags: "Étiquettes",
    tagLink: "Voir tout ce qui porte l'étiquette « {{tag}} »",
    entry: "Entrée",
    post: "Article",
  },
  empty: {
    firstPage: "Aller à la première page",
    outOfRange: "Il n'y a rien en page {{page}}.",
  },
  pagination: {
    label: "Pages",
    previous: "Précédente",
    previousLabel: "Page précédente",
    next: "Suivante",
    nextLabel: "Page suivante",
    page: "Page {{page}}",
    summary: "Page {{page}} sur {{total}}",
  },
  blog: {
    description:
      "Les articles publiés par les rédacteurs de {{site}}, du plus récent au plus ancien.",
    taggedTitle: "Articles avec l'étiquette « {{tag}} »",
    taggedIntro: "Les articles publiés avec cette étiquette, du plus récent au plus ancien.",
    allPosts: "Voir tous les articles",
    empty: "Rien n'a encore été publié. Revenez bientôt, ou commencez votre propre journal.",
    emptyWriter: "Rien n'a encore été publié : le premier article pourrait être le vôtre.",
    writeFirst: "Écrire le premier article",
    signUp: "Créer votre journal",
    emptyTag: "Aucun article publié ne porte l'étiquette « {{tag}} ».",
    subscribe: "S’abonner (RSS)",
    allTags: "Toutes les étiquettes",
  },
  share: {
    heading: "Partager",
    copy: "Copier le lien",
    copied: "Lien copié.",
    copyFailed: "Le lien n'a pas pu être copié : {{url}}",
    share: "Partager…",
    shareFailed: "Cet article n'a pas pu être partagé d'ici.",
    email: "Courriel",
  },
  tags: {
    title: "Étiquettes",
    description: "Les étiquettes des articles, des plus utilisées aux moins utilisées.",
    count_one: "{{count}} article",
    count_other: "{{count}} articles",
    linkLabel: "{{tag}}, {{posts}}",
    empty: "Aucun article publié ne porte encore d'étiquette.",
  },
  post: {
    nav: "Autres articles",
    previous: "Article précédent",
    next: "Article suivant",
    backToBlog: "Retour au blog",
  },
  archive: {
    intro:
      "Les entrées et articles publics, du plus récent au plus ancien. Une fois connecté, vous y trouvez aussi vos entrées privées et non répertoriées.",
    description:
      "Toutes les entrées et tous les articles publics de {{site}}, par année et par mois.",
    filters: {
      label: "Filtrer les archives",
      kind: "Afficher",
      all: "Entrées et articles",
      entries: "Entrées seulement",
      posts: "Articles seulement",
      tag: "Étiquette",
      tagHint: "Une étiquette, écrite exactement comme sur les entrées et les articles.",
      apply: "Appliquer",
      clear: "Effacer les filtres",
      active: "Affichage : {{kind}}",
      activeTag: "Affichage : {{kind}} avec l'étiquette « {{tag}} »",
    },
    kinds: {
      all: "entrées et articles",
      entries: "entrées",
      posts: "articles",
    },
    empty: "Les archives sont vides : rien de public n'a encore été écrit.",
    emptySignedIn: "Les archives sont vides. Vos entrées y apparaissent dès que vous les écrivez.",
    writeEntry: "Écrire une entrée",
    emptyFiltered: "Rien ne correspond à ces filtres.",
    month: "{{month}} {{year}}",
  },
  collections: {
    introOwn: "Vos carnets. Chacun regroupe des entrées et a sa propre visibilité.",
    introPublic: "Les carnets publics des personnes qui écrivent ici.",
    description: "Les collections d'entrées publiques de {{site}}.",
    descriptionOwn: "Vos collections d'entrées.",
    create: "Nouvelle collection",
    emptyOwn: "Vous n'avez pas encore de collection. Créez-en une pour regrouper vos entrées.",
    emptyPublic: "Personne n'a encore partagé de collection publique.",
    signUp: "Créer votre journal",
    entries: "Entrées de cette collection",
    noEntries: "Cette collection n'a pas encore d'entrée lisible par d'autres.",
    noEntriesOwner:
      "Cette collection est vide. Choisissez-la quand vous écrivez ou modifiez une entrée.",
    writeEntry: "Écrire une entrée",
    edit: "Modifier cette collection",
    owner: "Une collection de {{name}}",
    descriptionFallback: "Une collection d'entrées de {{name}}.",
  },
  collectionForm: {
    title: "Titre",
    name: "Nom dans l'URL",
    nameHint:
      "Lettres minuscules, chiffres et tirets. Laissé vide, il est tiré du titre (et conservé si vous renommez la collection).",
    description: "Description",
    descriptionHint: "Le Markdown est bienvenu.",
    visibility: "Visibilité",
    visibilityHint: {
      private: "Vous seul pouvez la voir.",
      unlisted: "Toute personne ayant le lien peut la voir ; elle n'est pas listée.",
      public: "Listée pour tout le monde.",
    },
    create: "Créer la collection",
    save: "Enregistrer les modifications",
    saving: "Enregistrement…",
    created: "La collection a été créée.",
    saved: "La collection a été enregistrée.",
    failed: "La collection n'a pas pu être enregistrée. Vérifiez les champs ci-dessous.",
    errors: {
      titleRequired: "Donnez un titre à la collection.",
      nameTaken: "Vous avez déjà une collection avec ce nom dans l'URL.",
      nameFormat: "Utilisez seulement des lettres minuscules, des chiffres et des tirets simples.",
    },
    delete: {
      heading: "Supprimer cette collection",
      text: "Ses entrées restent dans votre journal, hors de toute collection.",
      button: "Supprimer la collection…",
      confirmTitle: "Supprimer « {{title}} » ?",
      confirmText:
        "C'est définitif. La collection disparaît ; ses entrées restent dans votre journal, hors de toute collection.",
      confirm: "La supprimer",
      cancel: "La garder",
      deleting: "Suppression…",
      deleted: "La collection a été supprimée.",
      failed: "La collection n'a pas pu être supprimée.",
    },
  },
} satisfies CatalogShape<typeof en>;

export default listings;
