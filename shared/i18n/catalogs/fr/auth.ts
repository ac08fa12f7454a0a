/** Messages français des pages de compte : connexion, inscription, mot de passe oublié. */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/auth.ts";

const auth = {
  login: {
    title: "Connexion",
    description: "Connectez-vous à {{app}} pour écrire votre journal et publier sur le blog.",
    intro: "Bon retour parmi nous. Connectez-vous avec votre e-mail ou votre nom d'utilisateur.",
    identity: "E-mail ou nom d'utilisateur",
    password: "Mot de passe",
    submit: "Se connecter",
    submitting: "Connexion…",
    failed: "Identifiants de connexion invalides.",
    noAccount: "Pas encore de compte ?",
    signUpLink: "Inscrivez-vous",
    forgotPassword: "Mot de passe oublié ?",
    suspended: "Ce compte est suspendu. Contactez les administrateurs de ce site.",
  },
  signUp: {
    title: "Inscription",
    intro:
      "Créez votre compte pour commencer à écrire. Tous les champs sont obligatoires, sauf le nom.",
    username: "Nom d'utilisateur",
    usernameHint:
      "Obligatoire : votre adresse publique, comme /profile/{{example}}. 3 à 30 lettres, chiffres, points, tirets ou tirets bas.",
    usernameExample: "votre_nom",
    name: "Nom (facultatif)",
    nameHint: "Affiché à la place de votre nom d'utilisateur. Vous pouvez le laisser vide.",
    email: "E-mail",
    password: "Mot de passe",
    passwordHint: "Au moins 8 caractères.",
    passwordConfirm: "Confirmez le mot de passe",
    privacyBefore: "En vous inscrivant, vous acceptez notre ",
    privacyLink: "politique de confidentialité",
    privacyAfter: ".",
    submit: "Créer mon compte",
    submitting: "Création de votre compte…",
    failed: "Votre compte n'a pas pu être créé. Vérifiez les champs ci-dessous.",
    haveAccount: "Vous avez déjà un compte ?",
    loginLink: "Connectez-vous",
    sent: {
      title: "Consultez votre messagerie",
      message:
        "Nous avons envoyé un message à {{email}} pour terminer votre inscription. Ouvrez le lien qu'il contient pour confirmer votre adresse, puis connectez-vous.",
      hint: "Rien reçu après quelques minutes ? Regardez dans vos courriers indésirables. Vous pouvez aussi vous connecter dès maintenant et demander un nouveau lien.",
    },
  },
  passwordReset: {
    title: "Réinitialiser votre mot de passe",
    intro:
      "Saisissez l'e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: "E-mail",
    submit: "Envoyer le lien",
    submitting: "Envoi…",
    sent: "Si un compte existe pour {{email}}, un lien de réinitialisation vient de lui être envoyé.",
    backToLogin: "Retour à la connexion",
  },
} satisfies CatalogShape<typeof en>;

export default auth;
