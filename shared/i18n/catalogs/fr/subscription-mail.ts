/** Messages français des e-mails d'abonnement (voir `../en/subscription-mail.ts`). */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/subscription-mail.ts";

const subscriptionMail = {
  targets: {
    blog: "le blog de {{appName}}",
    author: "les billets de {{name}}",
    collection: "la collection «\u00a0{{title}}\u00a0»",
  },
  confirm: {
    subject: "Confirmez votre abonnement à {{target}}",
    intro:
      "Quelqu'un, sans doute vous, a demandé à recevoir {{target}} par e-mail à l'adresse {{email}}. Rien ne sera envoyé tant que l'adresse n'est pas confirmée.",
    action: "Confirmer mon abonnement",
    expires: "Le lien est valable 7 jours.",
    ignore: "Si ce n'était pas vous, ignorez cet e-mail\u00a0: cette adresse ne sera pas abonnée.",
    linkFallback: "Si le bouton ne fonctionne pas, ouvrez cette adresse\u00a0:",
  },
  post: {
    byline: "Un nouveau billet de {{author}} sur {{appName}}",
    read: "Le lire sur le site",
    comment: "Commenter",
  },
  entry: {
    byline: "Une nouvelle entrée dans {{collection}}, par {{author}}",
    read: "La lire sur le site",
    comment: "Commenter",
  },
  digest: {
    subject: "Cette semaine sur {{appName}}",
    intro: "Ce qui a été publié cette semaine dans ce que vous suivez\u00a0:",
    read: "Lire",
  },
  footer: {
    why: "Vous recevez cet e-mail parce que {{email}} est abonnée à {{target}}.",
    whyDigest: "Vous recevez ce résumé hebdomadaire parce que {{email}} l'a demandé.",
    manage: "Gérer mes abonnements",
    unsubscribe: "Me désabonner",
  },
  signature: "— {{appName}}",
} satisfies CatalogShape<typeof en>;

export default subscriptionMail;
