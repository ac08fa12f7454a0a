/**
 * Messages français des commentaires (ADR 065) : la section sous un article ou une entrée
 * publique, ses formulaires et leurs refus, la page de modération (`/writing/comments`), le
 * mode de commentaire des éditeurs, les réglages du site et la préférence de résumé du compte.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/comments.ts";

const comments = {
  section: {
    title_zero: "Aucun commentaire",
    title_one: "{{count}} commentaire",
    title_other: "{{count}} commentaires",
    empty: "Pas encore de commentaire.",
    emptyOpen: "Pas encore de commentaire. Soyez la première personne à répondre.",
    replies: "Réponses à {{name}}",
    signIn: "Connectez-vous pour commenter",
    superuser:
      "Les superutilisateurs ne commentent pas : connectez-vous avec un compte pour répondre.",
    closed: "Les commentaires sont fermés.",
  },
  live: {
    added_one: "{{count}} nouveau commentaire",
    added_other: "{{count}} nouveaux commentaires",
  },
  outcome: {
    posted: "Votre commentaire est publié.",
    held: "Votre commentaire attend l'approbation de l'auteur.",
    updated: "Votre commentaire est modifié.",
    deleted: "Le commentaire est supprimé.",
  },
  form: {
    title: "Laisser un commentaire",
    label: "Commentaire",
    replyLabel: "Réponse",
    comment: "Votre commentaire",
    reply: "Votre réponse",
    contentHint:
      "Le Markdown fonctionne\u00a0: *italique*, **gras**, [liens](https://example.com). Pas de HTML.",
    name: "Nom",
    email: "Adresse e-mail",
    emailHint: "Jamais affichée\u00a0; l'auteur peut vous écrire.",
    website: "Laissez ce champ vide",
    notify: "Me prévenir des réponses",
    send: "Envoyer le commentaire",
    sendReply: "Envoyer la réponse",
    sending: "Envoi…",
    proving: "Vérification que vous n'êtes pas un robot…",
    guestNeedsScript:
      "Commenter sans compte demande JavaScript\u00a0: votre navigateur résout une petite énigme qui écarte les robots. Connectez-vous pour commenter sans.",
  },
  item: {
    pending: "En attente d'approbation",
    reply: "Répondre",
    edit: "Modifier",
    editLabel: "Votre commentaire",
    save: "Enregistrer",
    delete: "Supprimer",
    deleteLabel: "Supprimer le commentaire de {{name}}",
    fediverse: "depuis le fédivers",
    avatar: "Avatar de {{name}}",
  },
  errors: {
    fields: "Le commentaire n'a pas pu être envoyé\u00a0: vérifiez les champs ci-dessous.",
    tooLong: "5\u202f000 caractères au plus.",
    forbidden: "Vous ne pouvez pas commenter ici, ou plus modifier ce commentaire.",
    gone: "Ce commentaire ou cette page n'existe plus.",
    tooMany: "Trop de commentaires en peu de temps. Attendez un instant et réessayez.",
    proof:
      "La vérification que vous n'êtes pas un robot a échoué. Vérifiez que JavaScript est activé, puis envoyez à nouveau.",
  },
  moderation: {
    title: "Commentaires",
    description: "Les commentaires de vos articles et entrées publiques, ceux en attente d'abord.",
    adminDescription: "Les commentaires de tous les articles et entrées publiques du site.",
    link_zero: "Commentaires",
    link_one: "Commentaires ({{count}} en attente)",
    link_other: "Commentaires ({{count}} en attente)",
    statuses: "Commentaires par état",
    status: {
      pending: "En attente",
      approved: "Approuvés",
      spam: "Indésirables",
      rejected: "Refusés",
    },
    list: "Commentaires",
    select: "Sélectionner le commentaire de {{name}}",
    selectAll: "Tout sélectionner sur cette page",
    on: "Sur {{title}}",
    guest: "invité",
    actions: "Avec les commentaires sélectionnés",
    approve: "Approuver",
    reject: "Refuser",
    spam: "Indésirable",
    delete: "Supprimer",
    block: "Bloquer {{name}}",
    blockHint:
      "Marque ce commentaire comme indésirable et y envoie les prochains commentaires de cette personne.",
    noneSelected: "Sélectionnez d'abord au moins un commentaire.",
    done_one: "{{count}} commentaire modifié.",
    done_other: "{{count}} commentaires modifiés.",
    blocked: "La personne est bloquée.",
    empty: {
      pending: "Rien n'attend votre approbation.",
      approved: "Pas encore de commentaire approuvé.",
      spam: "Aucun indésirable.",
      rejected: "Aucun commentaire refusé.",
    },
    previous: "Page précédente",
    next: "Page suivante",
    page: "Page {{page}} sur {{pages}}",
  },
  mode: {
    label: "Commentaires",
    hint: "Qui peut commenter dessous.",
    default: "Réglage du site",
    open: "Ouverts",
    members: "Membres seulement",
    closed: "Fermés",
  },
  settings: {
    title: "Commentaires",
    description: "Qui peut commenter sous les articles et les entrées publiques par défaut.",
    defaultMode: "Mode par défaut",
    guests: "Autoriser les invités (sans compte) à commenter là où les commentaires sont ouverts",
    guestsHint:
      "Les invités donnent un nom et une adresse, résolvent une petite énigme, et sont toujours mis en attente.",
    closeAfterDays: "Fermer les commentaires après (jours)",
    closeAfterDaysHint: "0 les laisse ouverts.",
    save: "Enregistrer",
    saved: "Réglages des commentaires enregistrés.",
  },
  account: {
    title: "Commentaires",
    digest: "Un résumé quotidien des commentaires qui m'attendent, au lieu d'un e-mail pour chacun",
    save: "Enregistrer",
    saved: "Préférence enregistrée.",
  },
} satisfies CatalogShape<typeof en>;

export default comments;
