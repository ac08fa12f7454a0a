/** Messages français de l'e-mail de nouvel appareil (voir `../en/device-mail.ts`). */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/device-mail.ts";

const deviceMail = {
  subject: "Nouvelle connexion à votre compte sur {{appName}}",
  intro:
    "Votre compte sur {{appName}} ({{email}}) vient d'être connecté depuis un appareil qu'il n'avait encore jamais utilisé :",
  device: "Appareil : {{device}}",
  ip: "Adresse IP : {{ip}}",
  time: "Heure : {{time}}",
  ifYou: "Si c'était vous, vous n'avez rien à faire.",
  ifNotYou:
    "Si ce n'était pas vous, déconnectez cet appareil dans vos paramètres, puis changez votre mot de passe.",
  devicesAction: "Voir mes appareils",
  passwordAction: "Changer mon mot de passe",
  unknownDevice: "Appareil inconnu",
  deviceOn: "{{browser}} sous {{system}}",
  unknownIp: "inconnue",
} satisfies CatalogShape<typeof en>;

export default deviceMail;
