/**
 * Messages français des statistiques respectueuses de la vie privée (ADR 070) : la page de
 * statistiques d’un auteur, celle d’une œuvre, celle du site (superutilisateurs), le
 * graphique et son tableau, les sites référents et les abonnés aux flux.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/stats.ts";

const stats = {
  link: "Statistiques",
  title: "Statistiques",
  intro:
    "Les vues et les lecteurs de vos articles et entrées publiques, comptés sur le serveur sans cookie. Un lecteur compte une fois par jour et par page.",
  siteTitle: "Statistiques du site",
  siteIntro: "Les vues et les lecteurs de tout le site, de ses pages et de ses flux.",
  workTitle: "Statistiques\u00a0: {{title}}",
  back: "Toutes mes statistiques",
  backToWriting: "Mes écrits",
  privacy: "Ce qui est compté",
  range: {
    label: "Période",
    days: "{{count}} derniers jours",
    show: "Afficher",
  },
  totals: "{{views}} vues, {{readers}} lecteurs du {{from}} au {{to}}.",
  chart: {
    title: "Vues et lecteurs par jour",
    desc: "Du {{from}} au {{to}}\u00a0: {{views}} vues, {{readers}} lecteurs\u00a0; jour le plus lu le {{peak}}, avec {{peakViews}} vues.",
    empty: "Du {{from}} au {{to}}\u00a0: aucune vue pour l’instant.",
    views: "Vues",
    readers: "Lecteurs",
    table: "Les chiffres jour par jour",
    day: "Jour",
  },
  works: {
    heading: "Vos écrits",
    headingSite: "Les écrits les plus lus",
    work: "Écrit",
    kind: "Type",
    posts: "Article",
    entries: "Entrée",
    none: "Aucun de vos articles ou entrées n’a été lu pendant cette période.",
  },
  pages: { heading: "Pages du site", page: "Page" },
  retention: {
    heading: "Durée de conservation des chiffres",
    intro:
      "Les totaux par jour plus anciens sont effacés chaque jour. Les valeurs aléatoires et les empreintes des lecteurs sont toujours effacées le lendemain.",
    days: "Jours gardés",
    hint: "0 les garde pour toujours ; au plus 36 500.",
    save: "Enregistrer",
    saving: "Enregistrement…",
    saved: "Enregistré.",
    failed: "Le réglage n’a pas pu être enregistré.",
  },
  referrers: {
    heading: "Principaux sites référents",
    host: "Site",
    none: "Aucune visite n’est venue d’un autre site pendant cette période.",
  },
  feeds: {
    heading: "Abonnés aux flux",
    intro:
      "Tels que les lecteurs de flux (Feedly, Inoreader, NewsBlur…) les annoncent quand ils lisent un flux.",
    feed: "Flux",
    subscribers: "Abonnés",
    readers: "Annoncés par",
    none: "Aucun lecteur de flux n’a annoncé d’abonnés pendant cette période.",
  },
} satisfies CatalogShape<typeof en>;

export default stats;
