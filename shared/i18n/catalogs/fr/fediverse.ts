/**
 * Messages français du fédivers (ADR 071) : l’identifiant sur le profil d’un auteur, les
 * « j’aime » et partages d’un billet, et la page des abonnés (`/writing/followers`).
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/fediverse.ts";

const fediverse = {
  handle: {
    label: "Sur le fédivers",
    copy: "Copier l’identifiant",
    copied: "Identifiant copié.",
  },
  reactions: {
    likes_one: "{{count}} « j’aime »",
    likes_other: "{{count}} « j’aime »",
    boosts_one: "{{count}} partage",
    boosts_other: "{{count}} partages",
    both: "{{first}} et {{second}} depuis le fédivers",
    one: "{{what}} depuis le fédivers",
  },
  followers: {
    link: "Abonnés du fédivers",
    title: "Abonnés sur le fédivers",
    intro:
      "Les personnes qui vous suivent depuis Mastodon et d’autres serveurs du fédivers reçoivent vos billets publiés. Cherchez-y votre identifiant pour être trouvé.",
    back: "Retour à mes écrits",
    notWriter: "Seuls les auteurs ont des abonnés sur le fédivers.",
    approveSetting: "Approuver moi-même les nouveaux abonnés",
    save: "Enregistrer",
    held_one: "{{count}} abonnement en attente d’approbation",
    held_other: "{{count}} abonnements en attente d’approbation",
    count_one: "{{count}} abonné",
    count_other: "{{count}} abonnés",
    none: "Personne ne vous suit encore sur le fédivers.",
    since: "Depuis le",
    approve: "Approuver",
    approveLabel: "Approuver l’abonnement de {{name}}",
    reject: "Refuser",
    rejectLabel: "Refuser l’abonnement de {{name}}",
    remove: "Retirer",
    removeLabel: "Retirer {{name}} de vos abonnés",
    block: "Bloquer",
    blockLabel: "Bloquer {{name}}",
    blocks: "Comptes et domaines bloqués",
    domain: "Domaine à bloquer",
    domainHint: "Un serveur entier, comme example.social ; ses comptes cessent de vous suivre.",
    domainInvalid: "Saisissez un domaine, comme example.social.",
    blockDomain: "Bloquer le domaine",
    noBlocks: "Vous n’avez bloqué personne.",
    blockedDomain: "{{value}} (tout le domaine)",
    unblock: "Débloquer",
    unblockLabel: "Débloquer {{value}}",
    done: {
      approved: "L’abonnement a été approuvé.",
      rejected: "L’abonnement a été refusé.",
      removed: "L’abonné a été retiré.",
      blocked: "Bloqué : ne vous suit plus.",
      unblocked: "Le blocage a été levé.",
      saved: "Enregistré.",
    },
  },
} satisfies CatalogShape<typeof en>;

export default fediverse;
