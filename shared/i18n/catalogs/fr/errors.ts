/** Messages d'erreur français : page d'erreur, statuts HTTP, codes de validation de l'API. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/errors.ts";

const errors = {
  page: {
    title: "Erreur {{status}}",
    goHome: "Retour à l'accueil",
    notFound: "Page introuvable : {{path}}",
    forbidden: "Vous n'avez pas accès à cette page.",
    unexpected: "Une erreur s'est produite lors du traitement de votre demande.",
    sessionUnavailable:
      "Votre session n'a pas pu être confirmée, car le serveur est occupé. Réessayez dans un instant.",
    busy: "Le serveur est occupé à afficher d'autres pages. Réessayez dans quelques secondes.",
  },
  status: {
    "400": "Requête incorrecte",
    "401": "Non authentifié",
    "403": "Accès interdit",
    "404": "Introuvable",
    "500": "Erreur interne du serveur",
    "503": "Service indisponible",
    other: "Erreur",
  },
  api: {
    generic: "Une erreur s'est produite lors du traitement de votre demande.",
    network: "Le serveur est injoignable. Vérifiez votre connexion et réessayez.",
  },
  validation: {
    validation_required: "Ce champ est obligatoire.",
    validation_is_email: "Adresse e-mail invalide.",
    validation_not_unique: "Cette valeur est déjà utilisée.",
    validation_values_mismatch: "Les valeurs ne correspondent pas.",
    validation_min_text_constraint: "Trop court.",
    validation_max_text_constraint: "Trop long.",
    validation_invalid_format: "Format invalide.",
    validation_invalid_value: "Valeur invalide.",
    validation_in_invalid: "Valeur non autorisée.",
    validation_invalid_date: "Date invalide.",
    validation_too_many_values: "Trop de valeurs.",
    validation_invalid_old_password: "Le mot de passe actuel est incorrect.",
    validation_missing_rel_records: "L'élément référencé n'existe pas.",
    validation_invalid_file: "Fichier invalide.",
    validation_json_size_limit: "Les données sont trop volumineuses.",
    validation_not_a_number: "Doit être un nombre.",
    other: "Valeur invalide.",
  },
} satisfies CatalogShape<typeof en>;

export default errors;
