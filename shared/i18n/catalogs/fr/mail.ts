/**
 * Messages français des e-mails envoyés par le serveur (voir `../en/mail.ts`). Les espaces
 * avant « : ; ? ! » sont écrites normalement ici ; l'envoi les remplace par des espaces fines
 * insécables (`server/core/mail/mail-layout.ts`).
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/mail.ts";

const mail = {
  greeting: "Bonjour {{name}},",
  greetingNoName: "Bonjour,",
  signature: "L'équipe de {{appName}}",
  linkFallback: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
  verification: {
    subject: "Vérifiez votre adresse e-mail pour {{appName}}",
    intro:
      "Merci de vous être inscrit sur {{appName}}. Confirmez votre adresse e-mail avec le bouton ci-dessous.",
    action: "Vérifier mon adresse e-mail",
    expires: "Le lien expire dans 24 heures.",
    ignore: "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
  },
  passwordReset: {
    subject: "Réinitialisez votre mot de passe pour {{appName}}",
    intro:
      "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte sur {{appName}}. Choisissez-en un nouveau avec le bouton ci-dessous.",
    action: "Choisir un nouveau mot de passe",
    expires: "Le lien expire dans 30 minutes.",
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste le même.",
  },
  emailChange: {
    subject: "Confirmez votre nouvelle adresse e-mail pour {{appName}}",
    intro:
      "Confirmez {{email}} comme nouvelle adresse e-mail de votre compte sur {{appName}} avec le bouton ci-dessous.",
    action: "Confirmer ma nouvelle adresse e-mail",
    expires: "Le lien expire dans 30 minutes.",
    ignore:
      "Si vous n'avez pas demandé à changer d'adresse e-mail, vous pouvez ignorer cet e-mail.",
  },
  otp: {
    subject: "Votre code de connexion à {{appName}}",
    intro: "Saisissez ce code pour vous connecter à {{appName}} :",
    expires: "Le code expire dans 3 minutes et ne sert qu'une fois.",
    ignore: "Si vous n'avez pas demandé de code, vous pouvez ignorer cet e-mail.",
  },
  addressInUse: {
    subject: "Quelqu'un a essayé d'utiliser votre adresse e-mail sur {{appName}}",
    signUp:
      "Quelqu'un vient d'essayer de créer un compte sur {{appName}} avec votre adresse e-mail, {{email}}. C'est déjà l'adresse de votre compte : aucun compte n'a été créé et rien n'a changé dans le vôtre.",
    emailChange:
      "Quelqu'un connecté à un autre compte sur {{appName}} vient de demander à lui donner votre adresse e-mail, {{email}}. C'est déjà l'adresse de votre compte : rien n'a changé.",
    ifYou:
      "Si c'était vous, vous avez déjà un compte : connectez-vous avec cette adresse, ou choisissez un nouveau mot de passe si vous l'avez oublié.",
    ifNotYou:
      "Si ce n'était pas vous, vous pouvez ignorer cet e-mail : personne ne peut utiliser votre adresse sans votre boîte de réception.",
    signInAction: "Me connecter",
    resetAction: "Choisir un nouveau mot de passe",
  },
} satisfies CatalogShape<typeof en>;

export default mail;
