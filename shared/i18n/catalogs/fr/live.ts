/**
 * Messages français des mises à jour en direct : indicateur de connexion, avis des nouveaux
 * éléments retenus en haut d'une liste, entrée ou article ouvert modifié, retiré ou supprimé
 * ailleurs, et avertissement de l'éditeur quand la fiche qu'il modifie a changé ailleurs.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/live.ts";

const live = {
  status: {
    live: "En direct",
    liveLabel: "Mises à jour en direct actives : cette page se met à jour quand le contenu change.",
    reconnecting: "Reconnexion…",
    reconnectingLabel: "Mises à jour en direct interrompues ; reconnexion en cours.",
  },
  /** What an open record is, when readers cannot all see it (instead of "Live"). */
  state: {
    draft: "Brouillon",
    scheduled: "Programmé",
    private: "Privée",
    unlisted: "Non répertoriée",
  },
  newItems: {
    posts_one: "{{count}} nouvel article",
    posts_other: "{{count}} nouveaux articles",
    entries_one: "{{count}} nouvelle entrée",
    entries_other: "{{count}} nouvelles entrées",
    items_one: "{{count}} nouvel élément",
    items_other: "{{count}} nouveaux éléments",
    show: "Afficher",
  },
  record: {
    updated: "Cette page affiche désormais la dernière version.",
    goneEntry: "Cette entrée a été supprimée ou n'est plus partagée avec vous.",
    gonePost: "Cet article a été supprimé, dépublié, ou n'est plus partagé avec vous.",
    goneHint: "Ce que vous lisiez n'est plus disponible.",
    backToArchive: "Aller aux archives",
    backToBlog: "Aller au blog",
  },
  conflict: {
    changedEntry: "Cette entrée a été modifiée ailleurs à {{time}}.",
    changedPost: "Cet article a été modifié ailleurs à {{time}}.",
    changedHint: "Votre version ne remplacera la leur que si vous le choisissez.",
    deletedEntry:
      "Cette entrée a été supprimée ailleurs. L'enregistrement échouera ; copiez ce que vous voulez garder.",
    deletedPost:
      "Cet article a été supprimé ailleurs. L'enregistrement échouera ; copiez ce que vous voulez garder.",
    reload: "Charger leur version",
    keep: "Garder la mienne",
    kept: "Vous gardez votre version ; l'enregistrer remplacera la leur.",
    reloaded: "Leur version est chargée.",
    confirmTitle: "Remplacer la version plus récente ?",
    confirmText:
      "Quelqu'un a enregistré cette fiche à {{time}}, après que vous l'avez ouverte. Enregistrer maintenant remplace ses modifications par les vôtres.",
    confirmSave: "Enregistrer la mienne quand même",
    confirmCancel: "Ne pas enregistrer",
  },
} satisfies CatalogShape<typeof en>;

export default live;
