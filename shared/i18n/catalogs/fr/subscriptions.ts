/**
 * Messages français des abonnements par e-mail (ADR 065) : le formulaire d’abonnement du
 * blog, du profil d’un auteur et d’une collection publique ; les pages des liens des e-mails
 * (confirmer, se désabonner, gérer) ; les abonnés d’un auteur ; le choix d’envoyer un
 * article ; les réglages d’envoi de l’administrateur.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/subscriptions.ts";

const subscriptions = {
  form: {
    heading: {
      blog: "Recevoir les nouveaux articles par e-mail",
      author: "Recevoir les nouveaux articles de {{name}} par e-mail",
      collection: "Recevoir les nouvelles entrées de {{name}} par e-mail",
    },
    intro:
      "Un e-mail par nouvel article, chacun avec un lien pour se désabonner. Aucun compte nécessaire.",
    email: "Adresse e-mail",
    asAccount: "Les nouveaux articles seront envoyés à {{email}}.",
    submit: "S’abonner",
    outcome: {
      check: "Consultez votre boîte mail pour confirmer : nous vous avons envoyé un lien.",
      done: "Vous êtes abonné. Chaque e-mail contient un lien pour se désabonner.",
    },
    fields: "Veuillez vérifier l’adresse e-mail.",
    gone: "On ne peut plus s’abonner à cette page.",
    forbidden: "Vous ne pouvez pas vous abonner à cette page.",
    tooMany: "Trop de demandes d’abonnement. Réessayez dans quelques minutes.",
  },
  link: {
    invalid:
      "Ce lien n’est pas valide ou a expiré. Utilisez le lien d’un e-mail plus récent, ou abonnez-vous de nouveau depuis la page que vous suivez.",
    missing: "Ce lien est incomplet. Ouvrez-le de nouveau depuis l’e-mail, en entier.",
    tooMany: "Trop de tentatives. Réessayez dans quelques minutes.",
  },
  confirm: {
    title: "Confirmez votre abonnement",
    intro: "Confirmez que vous voulez recevoir les nouveaux articles à cette adresse.",
    submit: "Confirmer mon abonnement",
    done: "Votre abonnement est confirmé. Les nouveaux articles arriveront par e-mail.",
  },
  unsubscribe: {
    title: "Se désabonner",
    intro: "Ne plus recevoir ces e-mails. Vous pourrez vous abonner de nouveau à tout moment.",
    submit: "Se désabonner",
    done: "Vous êtes désabonné. Ces e-mails ne vous seront plus envoyés.",
  },
  manage: {
    title: "Vos abonnements par e-mail",
    intro: "Tous les abonnements de votre adresse.",
    introFor: "Tous les abonnements de {{email}}.",
    empty: "Cette adresse n’a aucun abonnement.",
    suppressed:
      "Votre serveur de messagerie a refusé nos e-mails définitivement, nous avons donc cessé d’en envoyer. Abonnez-vous de nouveau depuis la page que vous suivez quand il les acceptera.",
    frequency: "Fréquence pour {{target}}",
    save: "Enregistrer",
    unsubscribe: "Se désabonner",
    unsubscribeFrom: "Se désabonner de {{target}}",
    resubscribe: "Se réabonner",
    resubscribeTo: "Se réabonner à {{target}}",
    refused: "Ce changement n’a pas pu être fait. Veuillez réessayer.",
    saved: "Votre changement est enregistré.",
  },
  status: {
    pending: "En attente de confirmation",
    confirmed: "Abonné",
    unsubscribed: "Désabonné",
    suppressed: "Arrêté (adresse refusée)",
  },
  frequency: {
    each: "À chaque nouvel article",
    weekly: "Résumé hebdomadaire",
  },
  targets: {
    blog: "Le blog",
    author: "Articles de {{name}}",
    authorUnnamed: "Les articles d’un auteur",
    collection: "La collection {{name}}",
    collectionUnnamed: "Une collection",
  },
  subscribers: {
    title: "Abonnés",
    description: "Les personnes qui reçoivent vos nouveaux articles par e-mail.",
    intro:
      "Les personnes qui reçoivent par e-mail vos nouveaux articles et les nouvelles entrées de vos collections publiques. Seuls vous et les administrateurs voyez leurs adresses.",
    link: "Abonnés",
    back: "Mes écrits",
    filters: "Filtrer les abonnés",
    target: "Abonnement à",
    allTargets: "Tout",
    status: "État",
    allStatuses: "Tous les états",
    search: "L’adresse contient",
    apply: "Filtrer",
    export: "Exporter",
    exportOf: "{{target}} (CSV)",
    empty:
      "Personne ne s’est encore abonné. Le formulaire d’abonnement se trouve sur votre profil et vos collections publiques.",
    noMatch: "Aucun abonné ne correspond à ces filtres.",
    count_one: "{{count}} abonné",
    count_other: "{{count}} abonnés",
    badTarget: "Cet export ne désigne rien à exporter.",
    exportRefused: "Vous ne pouvez pas exporter ces abonnés.",
  },
  editor: {
    mail: "Envoyer cet article aux abonnés par e-mail",
    mailHint:
      "Envoyé une fois, quand l’article est mis en ligne. Décochez pour le publier sans e-mail.",
  },
  settings: {
    heading: "E-mails d’abonnement",
    intro:
      "La vitesse d’envoi des nouveaux articles aux abonnés, pour ne jamais submerger votre serveur de messagerie.",
    ratePerMinute: "E-mails par minute",
    ratePerMinuteHint: "Au plus, tous articles en cours d’envoi confondus.",
    batchSize: "Destinataires par tâche",
    batchSizeHint: "Une panne ne répète au plus que l’e-mail en cours.",
    save: "Enregistrer les réglages d’abonnement",
    saving: "Enregistrement…",
    saved: "Réglages d’abonnement enregistrés.",
    failed: "Les réglages d’abonnement n’ont pas pu être enregistrés.",
  },
  post: {
    subscribe: "S’abonner par e-mail",
  },
} satisfies CatalogShape<typeof en>;

export default subscriptions;
