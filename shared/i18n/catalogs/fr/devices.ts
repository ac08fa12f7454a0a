/** Messages français de la liste des appareils (voir `../en/devices.ts`). */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/devices.ts";

const devices = {
  list: {
    heading: "Appareils",
    intro:
      "Là où votre compte est connecté. Déconnectez un appareil que vous ne reconnaissez pas, puis changez votre mot de passe.",
    loading: "Chargement de vos appareils…",
    loadFailed: "Vos appareils n'ont pas pu être chargés.",
    empty: "Aucun appareil n'est encore enregistré.",
    thisDevice: "Cet appareil",
    superuserAccess: "Accès superutilisateur",
    superuserAccessHint:
      "Un superutilisateur a consulté votre compte en votre nom depuis cet appareil.",
    unknown: "Appareil inconnu",
    nameOn: "{{browser}} sur {{system}}",
    ip: "Adresse IP",
    firstSeen: "Vu pour la première fois",
    lastSeen: "Vu pour la dernière fois",
    signOut: "Déconnecter",
    signOutLabel: "Déconnecter {{name}}",
    signOutTitle: "Déconnecter cet appareil ?",
    signOutBody: "{{name}} sera déconnecté à sa prochaine requête et devra se reconnecter.",
    signedOut: "L'appareil a été déconnecté.",
    signOutOthers: "Déconnecter tous les autres appareils",
    signOutOthersTitle: "Déconnecter tous les autres appareils ?",
    signOutOthersBody:
      "Tous les appareils sauf celui-ci seront déconnectés à leur prochaine requête et devront se reconnecter.",
    signedOutOthers: "Tous les autres appareils ont été déconnectés.",
    cancel: "Annuler",
    viewAsNotice:
      "Un superutilisateur qui consulte ce compte en son nom ne peut pas en déconnecter les appareils.",
  },
  otherDevices: {
    signOut: "Déconnecter tous les autres appareils",
    passwordHint:
      "Un nouveau mot de passe met fin à toutes les autres sessions ; cette option retire aussi les autres appareils de la liste, et une nouvelle connexion depuis l'un d'eux vous sera signalée par e-mail.",
    factorHint:
      "Vos autres appareils restent connectés si vous ne cochez pas cette case. Cochez-la si l'un d'eux a pu tomber entre d'autres mains.",
  },
} satisfies CatalogShape<typeof en>;

export default devices;
