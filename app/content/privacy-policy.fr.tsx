/** La politique de confidentialité d'une instance de Cahier, en français. */
import { BrowserStorageList, type PrivacyPolicyText } from "./privacy-policy.tsx";

/** La politique de confidentialité en français. */
const policy: PrivacyPolicyText = {
  summary: (
    <>
      <p>
        Ce site utilise Cahier, un logiciel libre pour tenir un journal et publier un blog, que
        chacun peut installer sur son propre serveur. Cette politique explique ce que cette
        installation enregistre à votre sujet, qui peut le lire, combien de temps elle le garde et
        comment le faire supprimer.
      </p>
      <p>
        En bref : vos données restent sur ce serveur, vos entrées sont privées tant que vous n’en
        décidez pas autrement, rien ne vous piste, et c’est à la personne qui exploite ce serveur
        qu’il faut vous adresser pour toute question.
      </p>
    </>
  ),
  sections: {
    operator: {
      title: "Qui est responsable de vos données",
      body: (
        <>
          <p>
            Cette installation de Cahier («&nbsp;cette instance&nbsp;») est exploitée par son{" "}
            <strong>exploitant</strong> : la personne ou l’organisation qui l’a installée et qui
            s’occupe de son serveur. L’exploitant décide de la façon dont l’instance fonctionne,
            détient vos données et en est responsable.
          </p>
          <p>
            Les auteurs du logiciel Cahier n’exploitent pas cette instance et n’en reçoivent rien :
            ni données, ni statistiques, ni rapports d’erreur. Si vous ne savez pas qui est
            l’exploitant, demandez-le à la personne qui vous a invité, ou regardez l’expéditeur des
            courriels que cette instance vous envoie.
          </p>
        </>
      ),
    },
    data: {
      title: "Ce qui est enregistré",
      body: (
        <>
          <ul>
            <li>
              <strong>Votre compte :</strong> adresse électronique, nom d’utilisateur, mot de passe
              (uniquement sous forme d’empreinte bcrypt irréversible, jamais en clair) et ce que
              vous ajoutez à votre profil : nom, biographie, avatar et langue préférée. Aussi votre
              rôle (rédacteur ou administrateur, si vous en avez un), si votre adresse est vérifiée
              et si vous l’avez rendue visible, ainsi que les dates de création et de dernière
              modification de votre compte.
            </li>
            <li>
              <strong>Ce que vous écrivez :</strong> vos entrées (titre, texte, date, étiquettes,
              visibilité, collection), vos collections, vos articles (brouillons, programmés et
              publiés, avec leur résumé et leur image de couverture) et, pour les administrateurs,
              les éléments de l’espace des instances. Chaque enregistrement garde ses dates de
              création et de dernière modification. Ce que vous tapez dans les éditeurs est
              enregistré automatiquement ; les modifications d’un article publié ou d’une entrée
              publique ou non répertoriée sont gardées pour vous seul jusqu’à ce que vous les
              publiiez ou les abandonniez.
            </li>
            <li>
              <strong>Fichiers :</strong> votre avatar, les pièces jointes de vos entrées, les
              images de couverture de vos articles et les images des éléments, ainsi que les
              versions réduites (vignettes) que le serveur fabrique à partir des images. Les
              fichiers sont gardés tels que vous les envoyez, avec ce qu’ils contiennent : retirez
              la localisation et les autres métadonnées d’une photo avant de l’envoyer si vous ne
              souhaitez pas les partager.
            </li>
            <li>
              <strong>Journaux du serveur :</strong> pour chaque requête, le serveur peut noter la
              date et l’heure, l’adresse demandée, le résultat, votre <strong>adresse IP</strong> et
              l’<strong>agent utilisateur</strong> de votre navigateur (son nom et sa version). Ils
              servent à faire fonctionner l’instance et à la protéger : trouver les erreurs, repérer
              et arrêter les abus.
            </li>
            <li>
              <strong>Courriels :</strong> quand vous le demandez (vérification d’adresse,
              réinitialisation du mot de passe, changement d’adresse), l’instance envoie un message
              à votre adresse par le serveur de messagerie de l’exploitant, ou le garde dans un
              dossier du serveur si aucun serveur de messagerie n’est configuré.
            </li>
          </ul>
        </>
      ),
    },
    purposes: {
      title: "Pourquoi c’est enregistré",
      body: (
        <>
          <p>
            Uniquement pour rendre le service auquel vous vous êtes inscrit : vous connecter, garder
            ce que vous écrivez, le montrer aux personnes que vous avez choisies, envoyer les
            courriels que vous demandez, et faire fonctionner l’instance en sécurité.
          </p>
          <p>
            Vos données ne servent ni à la publicité ni au profilage, ne sont pas vendues et ne
            servent à entraîner aucun modèle. Là où le droit de la protection des données
            s’applique, la base est le service que vous avez demandé (votre compte et vos écrits) et
            l’intérêt légitime de l’exploitant à disposer d’un serveur fiable et sûr (les journaux).
          </p>
        </>
      ),
    },
    visibility: {
      title: "Qui peut lire quoi",
      body: (
        <>
          <ul>
            <li>
              Les entrées et collections <strong>privées</strong> (le choix par défaut) ne sont
              montrées qu’à vous.
            </li>
            <li>
              Les <strong>non répertoriées</strong> peuvent être lues par toute personne qui a leur
              lien, mais ne sont listées nulle part.
            </li>
            <li>
              Les <strong>publiques</strong> sont listées sur le site et lisibles par tous, moteurs
              de recherche compris.
            </li>
            <li>
              Les <strong>articles</strong> ne sont visibles que par leur auteur tant qu’ils sont en
              brouillon ou programmés, puis par tous une fois publiés.
            </li>
            <li>
              <strong>Votre profil</strong> est public : nom d’utilisateur, nom, avatar, biographie,
              rôle et date d’inscription. Votre adresse électronique reste cachée aux autres, sauf
              si vous choisissez de la rendre visible.
            </li>
          </ul>
          <p>
            Une exception compte : l’application ne montre vos entrées privées qu’à vous, mais elles
            ne sont pas chiffrées de bout en bout. Les <strong>superutilisateurs</strong> de
            l’instance (ses administrateurs en dernier ressort, en général l’exploitant) et toute
            personne qui peut lire la base de données, les fichiers ou les sauvegardes du serveur
            peuvent techniquement lire tout ce qui y est enregistré, entrées privées comprises. Les
            utilisateurs qui ont le rôle d’administrateur ne peuvent pas lire vos entrées privées
            dans l’application.
          </p>
        </>
      ),
    },
    browser: {
      title: "Cookies et stockage local",
      body: (
        <>
          <p>
            Cette instance garde cinq éléments dans votre navigateur. Tous sont nécessaires au
            fonctionnement du site ; aucun ne vous piste.
          </p>
          <BrowserStorageList
            labels={{ kind: "Type", purpose: "Rôle", lifetime: "Conservation" }}
            items={[
              {
                name: "pb_auth",
                kind: "Cookie (propre au site, SameSite=Lax)",
                purpose:
                  "Une copie de votre session de connexion, pour que le serveur puisse afficher les pages pour vous, connecté.",
                lifetime:
                  "Jusqu’à votre déconnexion, ou jusqu’à l’expiration de votre session (par défaut 5 jours après votre dernière visite).",
              },
              {
                name: "locale",
                kind: "Cookie (propre au site, SameSite=Lax)",
                purpose:
                  "La langue de l’interface que vous avez choisie, pour que les pages arrivent dans cette langue.",
                lifetime: "365 jours après votre dernier choix de langue.",
              },
              {
                name: "pocketbase_auth",
                kind: "Stockage local",
                purpose:
                  "Votre session de connexion, utilisée par les pages dans votre navigateur.",
                lifetime: "Jusqu’à votre déconnexion.",
              },
              {
                name: "user-locale",
                kind: "Stockage local",
                purpose: "La langue de l’interface que vous avez choisie.",
                lifetime:
                  "Jusqu’à ce que vous effaciez les données de ce site dans votre navigateur.",
              },
              {
                name: "cahier:draft:v1:…",
                kind: "Stockage local",
                purpose:
                  "Ce que vous tapez dans les éditeurs d’entrées et d’articles, tant que le serveur ne l’a pas : vos mots reviennent après une panne, et restent gardés hors ligne.",
                lifetime:
                  "Jusqu’à ce que le serveur ait vos modifications, ou que vous les enregistriez ou les abandonniez.",
              },
            ]}
          />
          <p>
            Les <strong>statistiques de lecture</strong> sont comptées sur ce serveur, sans cookie
            et sans rien enregistrer sur votre appareil&nbsp;: la lecture d’un article, d’une entrée
            publique, de l’accueil, du blog ou d’un profil ajoute un au total du jour de cette page.
            Pour compter chaque lecteur une fois par jour, votre adresse IP et votre agent
            utilisateur sont transformés en une empreinte mêlée à une valeur aléatoire qui change
            chaque jour et est effacée le lendemain&nbsp;; l’empreinte ne peut alors plus être
            reliée à personne, et votre adresse et votre agent utilisateur ne sont jamais écrits.
            Sont gardés les totaux par jour et par page (vues, lecteurs), le nom des sites dont les
            liens ont amené des lecteurs et le nombre d’abonnés qu’annoncent les lecteurs de flux.
            Les robots ne sont pas comptés&nbsp;; avec «&nbsp;Do Not Track&nbsp;» ou Global Privacy
            Control, votre lecture compte, mais vous n’êtes pas compté comme lecteur.
          </p>
          <p>
            Il n’y a ni script de mesure d’audience, ni publicité, ni bouton de réseau social. Les
            pages, scripts, styles, polices et images sont tous servis par cette instance :
            l’utiliser ne fait contacter aucun autre site à votre navigateur. Seul ce qu’écrivent
            les utilisateurs peut renvoyer ailleurs : un lien que vous suivez vous mène sur un autre
            site, qui a sa propre politique, et une image qu’un rédacteur intègre depuis un autre
            site est chargée depuis celui-ci.
          </p>
        </>
      ),
    },
    sharing: {
      title: "Partage avec d’autres",
      body: (
        <>
          <p>
            Vos données ne sont ni vendues ni cédées à quiconque. Elles ne quittent ce serveur que
            par les services que l’exploitant a choisis pour faire fonctionner l’instance, qui les
            traitent alors pour son compte : l’hébergeur du serveur, le service qui distribue ses
            courriels, le service de stockage qui garde ses fichiers s’il ne s’agit pas du serveur
            lui-même, et le lieu où sont gardées les sauvegardes.
          </p>
          <p>
            L’exploitant peut aussi devoir communiquer des données quand la loi de son pays l’exige.
          </p>
        </>
      ),
    },
    retention: {
      title: "Combien de temps c’est gardé",
      body: (
        <ul>
          <li>
            <strong>Votre compte et ce que vous écrivez</strong> sont gardés tant que votre compte
            existe, ou jusqu’à ce que vous les supprimiez. Ce que vous supprimez disparaît aussitôt
            de l’instance, avec ses fichiers.
          </li>
          <li>
            <strong>Les journaux du serveur</strong> sont gardés pendant la durée fixée par
            l’exploitant, puis supprimés. L’exploitant peut aussi en noter moins, ou ne noter aucun
            détail des requêtes.
          </li>
          <li>
            <strong>Les statistiques de lecture</strong>&nbsp;: la valeur aléatoire du jour et les
            empreintes des lecteurs sont effacées le lendemain&nbsp;; les totaux par jour sont
            gardés pendant la durée que fixe l’exploitant (un an par défaut).
          </li>
          <li>
            <strong>Les sauvegardes</strong> faites par l’exploitant gardent une copie des données
            telles qu’elles étaient le jour de la sauvegarde, jusqu’à leur remplacement selon le
            calendrier de sauvegarde de l’exploitant.
          </li>
        </ul>
      ),
    },
    rights: {
      title: "Vos choix et vos droits",
      body: (
        <>
          <ul>
            <li>
              <strong>Consulter et corriger :</strong> modifiez votre nom, votre biographie, votre
              avatar et votre langue dans les paramètres de votre profil, et modifiez ou supprimez à
              tout moment vos entrées, articles et collections.
            </li>
            <li>
              <strong>Exporter :</strong> tout ce que vous avez écrit vous est accessible, une fois
              connecté, par les pages du site et par l’API de cette instance, qui suit l’API de
              PocketBase (par exemple <code>/api/collections/entries/records</code>). Vous pouvez
              aussi demander à l’exploitant une copie complète de vos données.
            </li>
            <li>
              <strong>Supprimer votre compte :</strong> demandez-le à l’exploitant, ou supprimez-le
              vous-même là où cette instance le propose (son API permet au titulaire d’un compte de
              le supprimer). La suppression de votre compte efface votre profil et votre avatar,
              ainsi que toutes vos entrées, collections et articles avec leurs pièces jointes et
              leurs images. Les éléments de l’espace des instances qui vous désignaient restent,
              sans votre nom. Ce que la suppression ne peut pas atteindre : les journaux du serveur
              jusqu’à leur expiration, les sauvegardes jusqu’à leur remplacement, et les copies que
              d’autres ont faites de ce que vous aviez publié (lecteurs de flux, moteurs de
              recherche).
            </li>
          </ul>
          <p>
            Selon l’endroit où vous et l’exploitant vivez, la loi peut vous donner d’autres droits,
            par exemple, au titre du Règlement général sur la protection des données de l’Union
            européenne, les droits d’accès, de rectification, d’effacement, de portabilité et
            d’opposition, et le droit d’introduire une réclamation auprès d’une autorité de
            protection des données (la CNIL en France). Adressez toute demande à l’exploitant.
          </p>
        </>
      ),
    },
    security: {
      title: "Sécurité",
      body: (
        <p>
          Les mots de passe ne sont enregistrés que sous forme d’empreintes bcrypt. Chaque
          modification que vous faites passe par l’API de l’instance et ses règles d’accès, qui
          vérifient votre identité à chaque requête. Le chiffrement de la connexion au serveur
          (HTTPS), et la protection du serveur et de ses sauvegardes, relèvent de l’exploitant.
        </p>
      ),
    },
    changes: {
      title: "Modifications et contact",
      body: (
        <>
          <p>
            Quand cette politique change, la date en haut de cette page change avec elle. Pour toute
            question ou demande au sujet de vos données, contactez l’exploitant de cette instance :
            lui seul peut y répondre.
          </p>
        </>
      ),
    },
  },
};

export default policy;
