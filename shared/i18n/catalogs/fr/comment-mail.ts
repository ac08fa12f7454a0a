/** Messages français des e-mails des commentaires (voir `../en/comment-mail.ts`). */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/comment-mail.ts";

const commentMail = {
  heldSubject: "Un commentaire attend votre accord sur « {{title}} »",
  heldIntro:
    "{{commenter}} a commenté « {{title}} ». Personne d'autre ne voit ce commentaire avant que vous l'approuviez :",
  digestSubject: "{{count}} commentaires attendent votre accord sur {{appName}}",
  digestSubjectOne: "1 commentaire attend votre accord sur {{appName}}",
  digestIntro:
    "Ces commentaires sur vos écrits sont arrivés depuis hier. Personne d'autre ne les voit avant que vous les approuviez :",
  digestItem: "{{commenter}} sur « {{title}} » :",
  moderate: "Voir les commentaires",
  replySubject: "{{commenter}} a répondu à votre commentaire sur « {{title}} »",
  replyIntro: "{{commenter}} a répondu à votre commentaire sur « {{title}} » :",
  read: "Lire la conversation",
  whyReply:
    "Vous recevez cet e-mail parce que vous avez demandé à être prévenu des réponses à votre commentaire.",
  guest: "Un visiteur",
} satisfies CatalogShape<typeof en>;

export default commentMail;
