/**
 * Messages français de l'identité du site dans `/admin/settings` (ADR 069) : description et
 * ligne de pied de page par langue, couleur d'accent, feuille de style, icône et image sociale.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/site-identity.ts";

const siteIdentity = {
  texts: {
    title: "Description et pied de page",
    intro:
      "Comment le site se présente\u00a0: la description est lue par les moteurs de recherche, les aperçus de liens, les flux et le manifeste de l'application\u00a0; la ligne de pied de page termine chaque page et les e-mails des lecteurs. Une par langue\u00a0; vide, c'est celle de l'autre langue qui s'affiche.",
    description: { en: "Description (anglais)", fr: "Description (français)" },
    footer: { en: "Pied de page (anglais)", fr: "Pied de page (français)" },
    descriptionHint: "{{max}} caractères au plus.",
    save: "Enregistrer les textes",
    saving: "Enregistrement…",
    saved: "La description et le pied de page sont enregistrés.",
  },
  accent: {
    title: "Couleur d'accent",
    intro:
      "La couleur des liens, des boutons et des repères, à la place de l'ambre de Cahier. Elle doit rester lisible\u00a0: le niveau AA des WCAG demande un contraste d'au moins 4,5:1 comme texte sur la page claire et sous le texte blanc des boutons. Le thème sombre en utilise une nuance plus claire, calculée pour y rester lisible.",
    label: "Couleur d'accent (#rrggbb)",
    picker: "Choisir la couleur d'accent",
    hint: "Vide\u00a0: l'ambre de Cahier.",
    verdictOk:
      "Lisible\u00a0: {{onPage}}:1 sur la page, {{underWhite}}:1 sous du texte blanc. Nuance du thème sombre\u00a0: {{dark}}.",
    verdictLow:
      "Trop claire\u00a0: {{onPage}}:1 sur la page et {{underWhite}}:1 sous du texte blanc\u00a0; il faut au moins 4,5:1.",
    verdictInvalid: "Écrivez la couleur avec # et six chiffres hexadécimaux, comme #1d4ed8.",
    preview: "Bouton",
    previewLink: "Un lien dans la couleur d'accent",
    save: "Enregistrer la couleur",
    saved: "La couleur d'accent est enregistrée.",
  },
  css: {
    title: "Feuille de style personnalisée",
    intro:
      "Du CSS ajouté après celui de Cahier sur chaque page, dans les deux thèmes. Une seule feuille\u00a0: pas d'@import\u00a0; les adresses de url() peuvent viser ce site, des données intégrées (data) ou des images en https (polices\u00a0: ce site ou des données intégrées seulement).",
    label: "CSS",
    size: "{{size}} sur {{max}} Ko",
    save: "Enregistrer la feuille de style",
    saved: "La feuille de style est enregistrée\u00a0; les pages l'utilisent déjà.",
  },
  images: {
    iconTitle: "Icône et logo",
    iconIntro:
      "Une image carrée (au moins 192×192 pixels\u00a0; PNG, JPEG, WebP, AVIF, GIF ou SVG, 5 Mo au plus) devient le logo de l'en-tête, l'icône de l'onglet, celle de l'écran d'accueil et les icônes du manifeste.",
    iconLabel: "Image de l'icône",
    iconPreview: "L'icône actuelle",
    socialTitle: "Image sociale",
    socialIntro:
      "Montrée par les aperçus de liens des pages sans couverture (1200×630 pixels, recadrée\u00a0; au moins 200 pixels de côté).",
    socialLabel: "Image sociale",
    socialPreview: "L'image sociale actuelle",
    socialNone: "Aucune image sociale\u00a0: les aperçus de liens n'en montrent pas.",
    upload: "Envoyer",
    uploading: "Envoi…",
    reset: "Revenir à celle par défaut",
    resetSocial: "Retirer",
    uploaded: "L'image est enregistrée.",
    removed: "L'image par défaut est de retour.",
  },
  navigation: {
    title: "Liens de navigation",
    intro:
      "Vos propres liens dans l’en-tête de chaque page, après ceux de Cahier, dans la langue du lecteur : une page de ce site (un chemin qui commence par /, comme /a-propos) ou un autre site (une adresse https complète). Les pages que vous montrez dans la navigation les suivent.",
    linksEn: "Liens en anglais",
    linksFr: "Liens en français",
    none: "Aucun lien pour l’instant.",
    label: "Intitulé du lien {{n}}",
    url: "Adresse du lien {{n}}",
    urlHint: "/a-propos, ou une adresse https complète",
    moveUp: "Monter le lien {{n}}",
    moveDown: "Descendre le lien {{n}}",
    remove: "Retirer le lien {{n}}",
    addEn: "Ajouter un lien en anglais",
    addFr: "Ajouter un lien en français",
    full: "Au plus {{max}} liens par langue.",
    save: "Enregistrer les liens",
    saved: "Les liens de navigation sont enregistrés.",
  },
  errors: {
    validation_invalid_navigation:
      "Les liens n’ont pas pu être lus ; rechargez la page et réessayez.",
    validation_too_many_links: "Au plus 12 liens par langue.",
    validation_invalid_link_label: "Chaque lien a besoin d’un intitulé de 1 à 40 caractères.",
    validation_invalid_link_url:
      "Chaque adresse doit être un chemin de ce site commençant par un seul / (comme /a-propos) ou une adresse http ou https complète.",
    validation_accent_contrast:
      "Trop claire\u00a0: {{onPage}}:1 sur la page et {{underWhite}}:1 sous du texte blanc\u00a0; le niveau AA des WCAG demande au moins 4,5:1. Choisissez une couleur plus foncée.",
    validation_css_too_large: "La feuille de style dépasse 50 Ko.",
    validation_css_syntax: "La feuille de style ne se lit pas.",
    validation_css_import:
      "@import n'est pas permis\u00a0: la feuille personnalisée est une seule feuille.",
    validation_css_url:
      "Une adresse de url() serait bloquée par la politique de sécurité des pages\u00a0: utilisez celles de ce site (/…), des données intégrées (data) ou des images en https.",
    validation_invalid_image: "Ce fichier n'est pas une image.",
    validation_invalid_mime_type: "Envoyez une image PNG, JPEG, WebP, AVIF, GIF ou SVG.",
    validation_image_too_small: "L'image est trop petite.",
    validation_required: "Choisissez d'abord une image.",
    tooLarge: "Le fichier dépasse 5 Mo.",
  },
} satisfies CatalogShape<typeof en>;

export default siteIdentity;
