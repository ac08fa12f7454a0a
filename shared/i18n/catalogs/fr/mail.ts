/** Messages français des e-mails envoyés par le serveur (voir `../en/mail.ts`). */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/mail.ts";

const mail = {
  appName: "Cahier",
  greeting: "Bonjour {{name}},",
  greetingNoName: "Bonjour,",
  signature: "L'équipe Cahier",
  linkFallback: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
  verification: {
    subject: "Vérifiez votre adresse e-mail Cahier",
    intro:
      "Merci de vous être inscrit sur Cahier. Confirmez votre adresse e-mail avec le bouton ci-dessous.",
    action: "Vérifier mon adresse e-mail",
    expires: "Le lien expire dans 24 heures.",
    ignore: "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
  },
  passwordReset: {
    subject: "Réinitialisez votre mot de passe Cahier",
    intro:
      "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte Cahier. Choisissez-en un nouveau avec le bouton ci-dessous.",
    action: "Choisir un nouveau mot de passe",
    expires: "Le lien expire dans 30 minutes.",
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste le même.",
  },
  emailChange: {
    subject: "Confirmez votre nouvelle adresse e-mail Cahier",
    intro:
      "Confirmez {{email}} comme nouvelle adresse e-mail de votre compte Cahier avec le bouton ci-dessous.",
    action: "Confirmer ma nouvelle adresse e-mail",
    expires: "Le lien expire dans 30 minutes.",
    ignore:
      "Si vous n'avez pas demandé à changer d'adresse e-mail, vous pouvez ignorer cet e-mail.",
  },
  otp: {
    subject: "Votre code de connexion Cahier",
    intro: "Saisissez ce code pour vous connecter à Cahier :",
    expires: "Le code expire dans 3 minutes et ne sert qu'une fois.",
    ignore: "Si vous n'avez pas demandé de code, vous pouvez ignorer cet e-mail.",
  },
} satisfies CatalogShape<typeof en>;

export default mail;
