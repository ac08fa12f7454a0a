/**
 * Messages français de la recherche : le champ de recherche de l'en-tête et ses résultats au
 * fil de la frappe, et la page `/search` (filtres, aide, pages vides, erreurs).
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/search.ts";

const search = {
  box: {
    label: "Rechercher",
    placeholder: "Rechercher…",
    submit: "Rechercher",
    shortcut: "Appuyez sur / pour rechercher",
    results_one: "{{count}} résultat, choisissez avec les flèches",
    results_other: "{{count}} résultats, choisissez avec les flèches",
    none: "Aucun résultat",
    seeAll: "Voir tous les résultats pour « {{q}} »",
    failed: "La recherche est indisponible pour le moment",
  },
  page: {
    title: "Recherche",
    titleFor: "Recherche : {{q}}",
    description: "Cherchez dans les entrées, articles et collections que vous pouvez lire.",
    intro:
      "Les entrées, articles et collections que vous pouvez lire, par titres, textes et étiquettes.",
    query: "Rechercher",
    submit: "Rechercher",
    help: {
      heading: "Comment chercher",
      words:
        "Chaque mot doit être trouvé, sous toutes ses formes : « jardin » trouve aussi « jardins ».",
      phrase:
        'Mettez des mots entre guillemets pour les trouver dans cet ordre : « "premier jour" ».',
      exclude: "Mettez un moins devant un mot pour l'écarter : « confiture -abricot ».",
      prefix: "Terminez un mot par une étoile pour trouver ce qui commence ainsi : « photo* ».",
    },
    filters: {
      label: "Filtres de recherche",
      kind: "Type",
      kinds: {
        all: "Tout",
        entries: "Entrées",
        posts: "Articles",
        collections: "Collections",
      },
      collection: "Collection",
      anyCollection: "Toutes les collections",
      tag: "Étiquette",
      author: "Auteur (nom d'utilisateur)",
      from: "Du",
      to: "Au",
      apply: "Appliquer les filtres",
      clear: "Effacer les filtres",
    },
    total_one: "{{count}} résultat pour « {{q}} »",
    total_other: "{{count}} résultats pour « {{q}} »",
    none: "Rien trouvé pour « {{q}} ».",
    noneHint: "Vérifiez l'orthographe, utilisez moins de mots ou effacez les filtres.",
    resultsLabel: "Résultats",
    kind: {
      entries: "Entrée",
      posts: "Article",
      collections: "Collection",
    },
    untitled: "Sans titre",
    by: "par {{name}}",
    invalid: "Cette recherche ne peut pas être lancée : {{reason}}",
    reasons: {
      q: "le texte est trop long (500 caractères au plus).",
      from: "la date de début n'est pas une date valide.",
      to: "la date de fin n'est pas une date valide.",
      other: "vérifiez le texte recherché et les filtres.",
    },
  },
} satisfies CatalogShape<typeof en>;

export default search;
