/**
 * Messages français de l'application installable et de son mode hors ligne (issue 28,
 * ADR 072).
 */
const offline = {
  status: {
    offline: "Hors ligne",
    waiting_one: "{{count}} modification en attente",
    waiting_other: "{{count}} modifications en attente",
    sending: "Envoi de {{count}} modifications en attente…",
    savedCopy: "Copie enregistrée",
    savedCopyAt:
      "Copie enregistrée le {{time}} : vous êtes hors ligne, cette page n'est peut-être plus à jour.",
  },
  desk: {
    heading: "Dans ce navigateur",
    intro:
      "Vous êtes hors ligne. Ce que vous écrivez ici est gardé et envoyé au retour de la connexion.",
    waiting: "En attente d'envoi",
    noWaiting: "Rien n'attend d'être envoyé.",
    recent: "Copies enregistrées à lire hors ligne",
    noRecent: "Aucune copie enregistrée pour l'instant.",
    write: "Écrire une nouvelle entrée",
    untitled: "Sans titre",
    created: "nouvelle",
    edited: "modifiée",
  },
  conflicts: {
    heading: "Modifié ailleurs entre-temps",
    body: "« {{title}} » a été modifié sur un autre appareil pendant que vous l'éditiez hors ligne. La version de l'autre appareil est gardée telle quelle ; la vôtre attend dans son éditeur comme modifications non enregistrées, où vous choisissez laquelle garder.",
    open: "Ouvrir « {{title}} » pour choisir",
    dismiss: "Fermer",
  },
  files: {
    heading: "Fichiers en attente d'envoi",
    waiting: "en attente d'envoi",
    remove: "Retirer {{name}} avant l'envoi",
    preview: "Aperçu de {{name}}",
    kept: "Gardé dans ce navigateur avec ses fichiers : il sera envoyé au retour de la connexion.",
    noRoom:
      "Ce navigateur ne peut pas garder ces fichiers hors ligne : la place manque. Votre texte est gardé ; ajoutez les fichiers à nouveau une fois en ligne.",
    sizeKb: "{{size}} ko",
    sizeMb: "{{size}} Mo",
  },
  install: {
    offer: "Installer Cahier comme application",
    dismiss: "Plus tard",
    dismissLabel: "Ne plus proposer d'installer l'application",
  },
  settings: {
    heading: "Hors ligne",
    keptPages: "Pages gardées pour la lecture hors ligne",
    keptPagesHint:
      "Les dernières pages que vous avez ouvertes (entrées, articles, votre bureau) restent lisibles dans ce navigateur sans réseau.",
    save: "Enregistrer",
    saved: "Enregistré.",
  },
  signOut: {
    confirm_one:
      "{{count}} modification faite hors ligne n'a pas encore été envoyée. Se déconnecter la supprime de ce navigateur. Se déconnecter quand même ?",
    confirm_other:
      "{{count}} modifications faites hors ligne n'ont pas encore été envoyées. Se déconnecter les supprime de ce navigateur. Se déconnecter quand même ?",
  },
  page: {
    title: "Hors ligne",
    heading: "Vous êtes hors ligne",
    body: "Cette page n'a pas été enregistrée dans ce navigateur. Votre bureau et l'éditeur fonctionnent hors ligne.",
    desk: "Aller à mes écrits",
    write: "Écrire une nouvelle entrée",
  },
};

export default offline;
