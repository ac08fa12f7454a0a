/**
 * Messages français de « Vos données » (paramètres du profil : export et import) et de
 * l'impression (l'action « Imprimer ou enregistrer en PDF », une collection imprimée en livre).
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/data.ts";

const data = {
  section: {
    heading: "Vos données",
    intro:
      "Tout ce que vous écrivez vous appartient : emportez-le, ou faites venir ce que vous avez écrit ailleurs.",
  },
  export: {
    heading: "Exporter",
    intro:
      "Une archive zip avec cahier.json (chaque entrée, article et collection, avec tous leurs champs), un fichier Markdown pour chacun, et vos pièces jointes, couvertures et avatar dans files/. Les entrées privées en font partie : gardez ce fichier en lieu sûr.",
    submit: "Télécharger mes données",
    preparing: "Préparation du téléchargement…",
    started: "Votre téléchargement a commencé.",
    failed: "L'export n'a pas pu démarrer.",
  },
  import: {
    heading: "Importer",
    intro:
      "Faites venir un export de Cahier, Day One, Ghost ou WriteFreely, ou une archive zip de fichiers Markdown. Les entrées arrivent privées et les articles en brouillon, sauf si l'export dit qu'ils étaient publics ou publiés. Importer de nouveau le même fichier ne crée rien de plus.",
    file: "Fichier d'export",
    fileHint: "Une archive zip ; pour Ghost et WriteFreely, leur fichier .json convient aussi.",
    format: "Format",
    formats: {
      auto: "Le reconnaître d'après le fichier",
      cahier: "Export de Cahier (.zip)",
      dayone: "Export JSON de Day One (.zip)",
      ghost: "Export de Ghost (.json ou .zip)",
      writefreely: "Export de WriteFreely (.json)",
      markdown: "Fichiers Markdown (.zip)",
    },
    dryRun: "Essai à blanc : montrer seulement ce qui serait importé",
    submit: "Importer",
    submitDry: "Vérifier le fichier",
    uploading: "Envoi… {{percent}} %",
    processing: "Import en cours… un grand journal peut prendre un moment.",
    progress: "Progression de l'import",
    reading: "Lecture du fichier…",
    writing: "Import en cours… {{done}} éléments sur {{total}}",
    leaveHint:
      "Vous pouvez quitter cette page : l'import continue, et son rapport vous attendra ici.",
    missingFile: "Choisissez le fichier d'export à importer.",
    failed: "L'import a échoué.",
    errors: {
      validation_import_not_archive:
        "Ce fichier n'est pas une archive zip (ni, pour Ghost et WriteFreely, un fichier JSON).",
      validation_import_unsafe_archive:
        "Cette archive a été refusée : elle contient un fichier hors de son dossier ou un lien.",
      validation_import_too_large: "Cette archive dépasse la taille permise pour un import.",
      validation_import_wrong_format: "Ce fichier n'est pas un export du format choisi.",
      validation_import_invalid: "Ce fichier est abîmé et n'a pas pu être lu.",
      tooLarge: "Ce fichier est plus gros que ce que l'import accepte.",
      busy: "Un autre import vers votre compte est en cours. Réessayez quand il sera terminé.",
      forbidden: "Vous ne pouvez importer que dans votre propre compte.",
      network: "Le fichier n'a pas pu être envoyé. Vérifiez votre connexion et réessayez.",
      other: "Le serveur n'a pas pu importer ce fichier.",
    },
    report: {
      heading: "Import terminé",
      headingDry: "Essai à blanc : rien n'a été écrit",
      readAs: "Lu comme : {{format}}",
      imported: "Importé",
      wouldImport: "Serait importé",
      entries_one: "{{count}} entrée",
      entries_other: "{{count}} entrées",
      posts_one: "{{count}} article",
      posts_other: "{{count}} articles",
      collections_one: "{{count}} collection",
      collections_other: "{{count}} collections",
      files_one: "{{count}} fichier",
      files_other: "{{count}} fichiers",
      skipped_one: "{{count}} élément laissé de côté ou modifié",
      skipped_other: "{{count}} éléments laissés de côté ou modifiés",
      nothingSkipped: "Rien n'a été laissé de côté.",
      item: "Élément",
      reason: "Raison :",
    },
    /** Les mots que les `params` d'une raison portent depuis l'API, dans la langue du lecteur. */
    units: { KB: "Ko", MB: "Mo", GB: "Go" },
    visibility: { members: "membres", paid: "membres payants", tiers: "certaines formules" },
    fields: {
      title: "titre",
      content: "texte",
      excerpt: "extrait",
      slug: "adresse",
      tags: "étiquettes",
      cover: "couverture",
      attachments: "pièces jointes",
      description: "description",
      collection: "collection",
    },
    /** Why an item was left out or changed, by the API's `code` (`params` fill them in). */
    reasons: {
      already_imported: "Déjà importé",
      not_in_archive: "Absent du fichier envoyé",
      ghost_image_missing:
        "L'image n'est pas dans le fichier : exportez le dossier content/images de Ghost avec le JSON, dans un même zip",
      too_many_files: "Plus de {{max}} fichiers",
      file_too_large: "Plus lourd que {{size}}",
      file_type_refused: "Un type de fichier que ce champ n'accepte pas ({{types}})",
      text_too_long: "Son texte dépasse {{max}} caractères",
      description_shortened: "Raccourcie à {{max}} caractères",
      too_many_tags: "Plus de {{max}} étiquettes",
      post_as_entry: "Importé comme entrée privée : seuls les rédacteurs publient des articles",
      ghost_page: "Une page Ghost, pas un article",
      members_only_draft: "Importé comme brouillon : réservé à « {{visibility}} » sur Ghost",
      collection_as_tag:
        "Les articles n'ont pas de collection : ses articles portent l'étiquette « {{tag}} »",
      image_too_large: "Une image de {{size}} pixels, trop grande pour être affichée",
      post_file_not_kept: "Non conservé : un article ne garde que des images",
      refused: "Refusé par les vérifications du serveur",
      refusedFields: "Refusé par les vérifications du serveur (champs : {{fields}})",
    },
  },
  print: {
    action: "Imprimer ou enregistrer en PDF",
    book: "Imprimer en livre",
  },
  book: {
    title: "{{title}} : le livre",
    by: "Par {{name}}",
    range: "Du {{from}} au {{to}}",
    entries_one: "{{count}} entrée",
    entries_other: "{{count}} entrées",
    contents: "Sommaire",
    back: "Retour à la collection",
    empty: "Cette collection n'a pas encore d'entrée à imprimer.",
    truncated: "Ce livre contient les {{count}} premières entrées de la collection.",
  },
} satisfies CatalogShape<typeof en>;

export default data;
