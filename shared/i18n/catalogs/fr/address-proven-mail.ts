/** Messages français de l'e-mail d'adresse confirmée (voir `../en/address-proven-mail.ts`). */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/address-proven-mail.ts";

const addressProvenMail = {
  subject: "Votre adresse e-mail pour {{appName}} est confirmée",
  intro:
    "L'adresse e-mail de votre compte sur {{appName}} ({{email}}) est maintenant confirmée. Les moyens d'entrer dans le compte mis en place avant cette confirmation ont pu être ajoutés par quelqu'un qui a inscrit votre adresse avant vous : ils ont donc été supprimés :",
  passkeys_one: "{{count}} clé d'accès",
  passkeys_other: "{{count}} clés d'accès",
  authenticator: "l'application d'authentification de la validation en deux étapes",
  links_one: "{{count}} compte associé (Google, GitHub…)",
  links_other: "{{count}} comptes associés (Google, GitHub…)",
  devices_one: "{{count}} appareil connecté",
  devices_other: "{{count}} appareils connectés",
  ifYou:
    "Si c'est vous qui les aviez mis en place, connectez-vous et ajoutez-les de nouveau dans vos paramètres.",
  ifNotYou:
    "Si vous n'avez pas créé ce compte, quelqu'un d'autre l'a fait avec votre adresse : réinitialisez son mot de passe pour être la seule personne à le connaître.",
  settingsAction: "Ouvrir mes paramètres",
  resetAction: "Réinitialiser mon mot de passe",
} satisfies CatalogShape<typeof en>;

export default addressProvenMail;
