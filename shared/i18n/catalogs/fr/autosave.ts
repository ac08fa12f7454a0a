/**
 * Messages français de l'enregistrement automatique des éditeurs (ADR 047) : la ligne d'état
 * sous le formulaire, et l'offre des modifications non publiées gardées sur le serveur.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/autosave.ts";

const autosave = {
  status: {
    saving: "Enregistrement…",
    saved: "Enregistré à {{time}}.",
    held: "Les lecteurs ne verront ces modifications qu'après « {{action}} ».",
    offline:
      "Hors ligne : vos modifications sont gardées dans ce navigateur et seront enregistrées au retour de la connexion.",
    offlineNotKept:
      "Hors ligne, et ce navigateur ne peut pas garder vos modifications : laissez cette page ouverte jusqu'au retour de la connexion.",
    failed: "Non enregistré automatiquement : {{reason}}",
    invalid: "un champ est à corriger. Appuyez sur « {{action}} » pour le voir.",
    needsTitle:
      "Gardé dans ce navigateur à {{time}}. Écrivez un titre ou un peu de texte pour l'enregistrer dans votre compte.",
    paused:
      "L'enregistrement automatique est suspendu jusqu'à ce que vous choisissiez une version ci-dessus.",
  },
  /**
   * The title an autosave gives a record whose text has no words and whose writer gave no
   * title yet (otherwise its first words stand in); the writer's title replaces it.
   */
  untitled: "Sans titre",
  /** Under the empty title field of a record saved under a stand-in title. */
  standIn: "Enregistré sous « {{title}} » en attendant votre titre.",
  /** The way out of the editor: what was typed is kept, so it closes rather than cancels. */
  close: "Fermer",
  offer: {
    found: "Restaurer vos modifications non publiées ({{time}}) ?",
    hint: "Elles ont été enregistrées automatiquement, mais les lecteurs ne les voient pas encore.",
    restore: "Les restaurer",
    discard: "Les abandonner",
    restored: "Vos modifications sont revenues. Appuyez sur « {{action}} » pour les publier.",
    discarded: "Les modifications non publiées ont été abandonnées.",
  },
  started: {
    found: "Reprendre « {{title}} » ({{time}}) ?",
    foundUntitled: "Reprendre votre brouillon sans titre ({{time}}) ?",
    kept: "Il a été enregistré automatiquement et figure aussi dans Mes écrits ; repartir de zéro l'y laisse.",
    continue: "Reprendre",
    discard: "Repartir de zéro",
    continued: "Votre brouillon est revenu : reprenez là où vous en étiez.",
    discarded: "Vous repartez de zéro.",
  },
} satisfies CatalogShape<typeof en>;

export default autosave;
