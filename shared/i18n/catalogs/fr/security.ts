/**
 * Messages français de la sécurité du compte : la seconde étape de la connexion (un code de
 * l'application d'authentification, ou un code de secours) et la validation en deux étapes
 * dans les paramètres du profil (inscription par QR code ou clé, codes de secours, arrêt).
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/security.ts";

const security: CatalogShape<typeof en> = {
  challenge: {
    title: "Validation en deux étapes",
    intro:
      "Votre mot de passe est correct. Saisissez maintenant le code à 6 chiffres affiché par votre application d'authentification.",
    introRecovery:
      "Saisissez l'un des codes de secours enregistrés lors de l'activation de la validation en deux étapes.",
    code: "Code de l'application d'authentification",
    codeHint: "6 chiffres. L'application en affiche un nouveau toutes les 30 secondes.",
    recoveryCode: "Code de secours",
    recoveryHint: "Au format xxxxx-xxxxx. Chaque code ne sert qu'une fois.",
    useRecovery: "Utiliser plutôt un code de secours",
    useApp: "Utiliser plutôt un code de l'application",
    submit: "Valider",
    submitting: "Vérification…",
    invalid:
      "Ce code n'est pas le bon. Attendez le code suivant ou vérifiez l'heure de votre téléphone.",
    invalidRecovery: "Ce code de secours est erroné ou a déjà servi.",
    expired: "Cette connexion a pris trop de temps. Veuillez vous reconnecter.",
    tooManyAttempts: "Trop de codes erronés. Réessayez dans 15 minutes.",
    cancel: "Annuler et se reconnecter",
  },
  settings: {
    heading: "Validation en deux étapes",
    intro:
      "En plus de votre mot de passe, demander à chaque connexion un code d'une application d'authentification sur votre téléphone. Quelqu'un qui apprend votre mot de passe ne peut toujours pas entrer.",
    off: "La validation en deux étapes est désactivée.",
    on: "La validation en deux étapes est activée depuis le {{date}}.",
    recoveryLeft_one: "Il vous reste {{count}} code de secours.",
    recoveryLeft_other: "Il vous reste {{count}} codes de secours.",
    recoveryNone: "Il ne vous reste aucun code de secours : demandez-en de nouveaux maintenant.",
    start: "Activer la validation en deux étapes",
    starting: "Préparation…",
    scan: "1. Scannez ce QR code avec votre application d'authentification (Aegis, Google Authenticator, 1Password, Bitwarden…).",
    qrLabel: "QR code qui ajoute votre compte {{site}} à une application d'authentification",
    qrLoading: "Dessin du QR code…",
    manual:
      "Impossible de le scanner ? Saisissez plutôt cette clé dans l'application (basée sur l'heure, 6 chiffres, toutes les 30 secondes) :",
    keyLabel: "Clé de configuration",
    copy: "Copier la clé",
    copied: "La clé est copiée.",
    confirm: "2. Saisissez le code que l'application affiche maintenant pour {{site}}.",
    code: "Code de l'application",
    codeHint: "6 chiffres.",
    enable: "Activer",
    enabling: "Activation…",
    cancel: "Annuler",
    enabled: "La validation en deux étapes est activée.",
    failed:
      "La validation en deux étapes n'a pas pu être modifiée. Vérifiez les champs ci-dessous.",
    impersonated:
      "La validation en deux étapes ne peut pas être modifiée pendant que vous voyez le site en tant qu'autre personne.",
    unverified: "Confirmez votre adresse e-mail pour activer la validation en deux étapes.",
  },
  recovery: {
    heading: "Vos codes de secours",
    intro:
      "Si vous perdez votre téléphone, chacun de ces codes vous permet de vous connecter une fois. Ils ne sont affichés que maintenant : téléchargez-les ou notez-les, et gardez-les en lieu sûr.",
    listLabel: "Codes de secours",
    download: "Télécharger en fichier texte",
    fileName: "cahier-codes-de-secours.txt",
    fileIntro:
      "Codes de secours de {{account}} sur {{site}}. Chaque code ne sert qu'une fois ; gardez-les en lieu sûr.",
    done: "J'ai enregistré mes codes",
  },
  manage: {
    password: "Votre mot de passe",
    code: "Code de l'application, ou code de secours",
    disableOpen: "Désactiver",
    disableIntro:
      "Votre mot de passe et un code de l'application (ou un code de secours) désactivent la validation en deux étapes.",
    disable: "Désactiver la validation en deux étapes",
    disabling: "Désactivation…",
    disabled: "La validation en deux étapes est désactivée.",
    regenerateOpen: "Obtenir de nouveaux codes de secours",
    regenerateIntro:
      "Votre mot de passe et un code de l'application vous donnent 10 nouveaux codes de secours ; les anciens cessent de fonctionner.",
    regenerate: "Obtenir de nouveaux codes de secours",
    regenerating: "Création des codes…",
    regenerated: "Voici vos nouveaux codes de secours.",
    cancel: "Annuler",
  },
  validation: {
    validation_invalid_code: "Ce code n'est pas le bon.",
  },
};

export default security;
