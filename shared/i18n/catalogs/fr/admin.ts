/**
 * Messages français de l'espace d'administration : sa page d'accueil, la page des
 * utilisateurs, les contrôles des listes d'éléments et d'utilisateurs, et le bandeau affiché
 * quand un superutilisateur voit le site comme quelqu'un d'autre.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/admin.ts";

const admin = {
  nav: {
    admin: "Administration",
  },
  index: {
    title: "Administration",
    intro:
      "Gérez {{site}} : ses éléments, ses utilisateurs et, pour les superutilisateurs, l'instance elle-même.",
    sectionsLabel: "Sections d'administration",
    items: "Instances",
    itemsDescription:
      "L'espace des instances : rechercher, créer, modifier et supprimer des éléments.",
    users: "Utilisateurs",
    usersDescription:
      "Les comptes : rôles, confirmation, suppression et, pour les superutilisateurs, « Voir en tant que ».",
    settings: "Paramètres",
    settingsDescription:
      "Nom et adresse de l'application, e-mail, fournisseurs de connexion et limites.",
    logs: "Journaux",
    logsDescription: "Chaque requête à l'API, avec des filtres et un graphique par heure.",
    backups: "Sauvegardes",
    backupsDescription: "Créer, télécharger, envoyer et restaurer des sauvegardes.",
    superusersOnly: "Superutilisateurs seulement",
  },
  list: {
    filtersLabel: "Recherche et filtres",
    search: "Rechercher",
    sort: "Trier par",
    direction: "Ordre",
    asc: "Croissant",
    desc: "Décroissant",
    apply: "Appliquer",
    reset: "Réinitialiser",
    count_one: "{{count}} résultat",
    count_other: "{{count}} résultats",
    noMatch: "Rien ne correspond à ces filtres.",
  },
  items: {
    searchHint: "Code, nom ou description.",
    status: "Statut",
    anyStatus: "Tous les statuts",
    tag: "Étiquette",
    tagHint: "Une étiquette, exactement.",
    sortName: "Nom",
    sortCode: "Code",
    sortCreated: "Création",
    sortUpdated: "Modification",
    tags: "Étiquettes",
    delete: "Supprimer",
    deleteTitle: "Supprimer l'élément « {{name}} » ?",
    deleteBody: "L'élément {{code}} (« {{name}} ») sera supprimé. C'est définitif.",
    deleteConfirm: "Supprimer {{code}}",
    cancel: "Annuler",
    deleted: "L'élément {{code}} a été supprimé.",
  },
  users: {
    title: "Utilisateurs",
    intro:
      "Tous les comptes de {{site}}. Les administrateurs changent le rôle des utilisateurs qui ne sont pas administrateurs, les suspendent, les suppriment et leur envoient un lien de réinitialisation du mot de passe ; personne ici ne définit le mot de passe ou l'e-mail d'autrui.",
    searchHint: "Nom d'utilisateur, nom ou e-mail.",
    role: "Rôle",
    anyRole: "Tous les rôles",
    roleUser: "Utilisateur",
    roleWriter: "Rédacteur",
    roleAdmin: "Administrateur",
    sortUsername: "Nom d'utilisateur",
    sortName: "Nom",
    sortEmail: "E-mail",
    sortCreated: "Création",
    columnUser: "Utilisateur",
    columnEmail: "E-mail",
    columnRole: "Rôle",
    columnVerified: "Confirmé",
    columnCreated: "Création",
    columnActions: "Actions",
    verifiedYes: "Oui",
    verifiedNo: "Non",
    roleOf: "Rôle de @{{username}}",
    changeRole: "Changer",
    changeRoleLabel: "Changer le rôle de @{{username}}",
    roleChanged: "@{{username}} est maintenant : {{role}}.",
    markVerified: "Marquer confirmé",
    markVerifiedLabel: "Marquer confirmé : @{{username}}",
    verified: "L'e-mail de @{{username}} est marqué confirmé.",
    delete: "Supprimer",
    deleteLabel: "Supprimer @{{username}}",
    deleteTitle: "Supprimer @{{username}} ?",
    deleteBody:
      "Le compte de {{name}} (@{{username}}, {{email}}) et tout ce qu'il a écrit seront supprimés. C'est définitif.",
    deleteConfirm: "Supprimer @{{username}}",
    cancel: "Annuler",
    deleted: "@{{username}} a été supprimé.",
    viewAs: "Voir en tant que",
    viewAsLabel: "Voir en tant que @{{username}}",
    adminProtected: "Seul un superutilisateur peut modifier un autre administrateur.",
    suspend: "Suspendre",
    suspendLabel: "Suspendre @{{username}}",
    suspendTitle: "Suspendre @{{username}} ?",
    suspendBody:
      "@{{username}} est déconnecté partout et ne peut plus se connecter jusqu'à la levée de la suspension. Rien de ce qu'il a écrit n'est supprimé.",
    suspendConfirm: "Suspendre @{{username}}",
    suspended: "@{{username}} est suspendu.",
    unsuspend: "Lever la suspension",
    unsuspendLabel: "Lever la suspension de @{{username}}",
    unsuspended: "@{{username}} peut de nouveau se connecter.",
    suspendedBadge: "Suspendu",
    sendReset: "Envoyer un lien de réinitialisation",
    sendResetLabel: "Envoyer un lien de réinitialisation à @{{username}}",
    resetSent: "Un lien de réinitialisation du mot de passe part vers @{{username}}.",
    viewAsRecorded:
      "@{{username}} verra dans son compte qu'un superutilisateur l'a consulté en son nom.",
    you: "(vous)",
  },
  impersonation: {
    banner: "Vous voyez {{site}} en tant que @{{username}}",
    stop: "Arrêter",
    stopLabel:
      "Arrêter de voir en tant que @{{username}} et revenir à votre session de superutilisateur",
    started: "Vous voyez maintenant {{site}} en tant que @{{username}}.",
    stopped: "Retour à votre session de superutilisateur.",
    ended:
      "La vue en tant qu'un autre compte est terminée : retour à votre session de superutilisateur.",
    superuserExpired: "Votre session de superutilisateur a expiré. Reconnectez-vous.",
  },
} satisfies CatalogShape<typeof en>;

export default admin;
