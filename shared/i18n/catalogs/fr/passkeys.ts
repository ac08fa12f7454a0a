/**
 * Messages français des clés d'accès : la liste des réglages du profil (ajouter, renommer,
 * supprimer), le bouton « Se connecter avec une clé d'accès » de `/login`, la clé d'accès
 * comme seconde étape d'une connexion, et ce que dit une demande refusée ou annulée.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/passkeys.ts";

const passkeys: CatalogShape<typeof en> = {
  settings: {
    heading: "Clés d'accès",
    intro:
      "Connectez-vous avec votre empreinte, votre visage ou le verrouillage de votre écran au lieu de votre mot de passe. Une clé d'accès reste sur votre appareil ou dans votre gestionnaire de mots de passe, et ne sert que sur ce site.",
    none: "Vous n'avez pas encore de clé d'accès.",
    listLabel: "Vos clés d'accès",
    created: "Ajoutée le {{date}}",
    lastUsed: "dernière utilisation le {{date}}",
    neverUsed: "jamais utilisée",
    add: "Ajouter une clé d'accès",
    nameLabel: "Nom de la nouvelle clé d'accès",
    nameHint: "Pour distinguer vos clés d'accès, par exemple « Ordinateur » ou « Téléphone ».",
    create: "Créer la clé d'accès",
    creating: "En attente de votre appareil…",
    cancel: "Annuler",
    added: "Clé d'accès « {{name}} » ajoutée.",
    rename: "Renommer",
    renameNamed: "Renommer « {{name}} »",
    renameLabel: "Nouveau nom de « {{name}} »",
    save: "Enregistrer",
    saving: "Enregistrement…",
    renamed: "Clé d'accès renommée « {{name}} ».",
    remove: "Supprimer",
    removeNamed: "Supprimer « {{name}} »",
    removeTitle: "Supprimer cette clé d'accès ?",
    removeBody:
      "Vous ne pourrez plus vous connecter avec « {{name}} ». Supprimez-la aussi de votre appareil ou de votre gestionnaire de mots de passe.",
    removeConfirm: "Supprimer la clé d'accès",
    removed: "Clé d'accès « {{name}} » supprimée.",
    impersonated: "Seul le propriétaire du compte peut ajouter des clés d'accès.",
    unverified: "Confirmez votre adresse e-mail pour ajouter une clé d'accès.",
    unsupported:
      "Impossible de créer une clé d'accès ici : ce navigateur ou cette adresse ne les prend pas en charge.",
  },
  errors: {
    cancelled:
      "La demande de clé d'accès a été annulée ou a pris trop de temps. Réessayez quand vous êtes prêt.",
    unsupported:
      "Les clés d'accès ne fonctionnent pas dans ce navigateur ou à cette adresse. Ouvrez le site à son adresse habituelle dans un navigateur à jour.",
    exists: "Cet appareil contient déjà une clé d'accès pour votre compte.",
    failed: "Cette clé d'accès n'a pas été acceptée. Réessayez, ou connectez-vous autrement.",
    expired: "Cette demande a pris trop de temps. Veuillez réessayer.",
    suspended: "Ce compte est suspendu. Contactez les administrateurs de ce site.",
  },
  login: {
    or: "ou",
    button: "Se connecter avec une clé d'accès",
    busy: "En attente de votre clé d'accès…",
  },
  challenge: {
    use: "Utiliser plutôt une clé d'accès",
    busy: "En attente de votre clé d'accès…",
  },
};

export default passkeys;
