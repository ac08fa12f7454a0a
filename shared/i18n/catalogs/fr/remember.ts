/**
 * Messages français de « Souvenirs » : le calendrier du journal (`/calendar`), « Ce jour-là »
 * et la série d'écriture sur l'accueil, et la carte de l'année sur son propre profil.
 */
import type { CatalogShape } from "../../catalog-shape.ts";
import type en from "../en/remember.ts";

const remember = {
  calendar: {
    title: "Calendrier",
    titleMonth: "Calendrier : {{month}}",
    description: "Votre journal, mois par mois.",
    intro:
      "Les jours où vous avez écrit sont marqués ; ouvrez-en un pour relire ce que vous avez écrit.",
    previous: "Mois précédent",
    next: "Mois suivant",
    thisMonth: "Ce mois-ci",
    today: "aujourd'hui",
    entries_one: "{{count}} entrée",
    entries_other: "{{count}} entrées",
    dayHeading: "Entrées du {{date}}",
    dayEmpty: "Aucune entrée ce jour-là.",
    backToMonth: "Retour au mois",
    writeOne: "Écrire une entrée",
    monthEmpty: "Aucune entrée ce mois-ci pour l'instant.",
    link: "Calendrier",
    titleYear: "Calendrier : {{year}}",
    yearNav: "Années",
    yearHeading_one: "{{year}} : {{count}} entrée",
    yearHeading_other: "{{year}} : {{count}} entrées",
    previousYear: "Année précédente",
    nextYear: "Année suivante",
    thisYear: "Cette année",
    yearView: "Toute l'année {{year}}",
    jumpLabel: "Aller à une date",
    jumpSubmit: "Aller",
  },
  onThisDay: {
    heading: "Ce jour-là",
    yearsAgo_one: "Il y a {{count}} an",
    yearsAgo_other: "Il y a {{count}} ans",
  },
  streak: {
    label: "Série d'écriture",
    days_one: "{{count}} jour d'affilée",
    days_other: "{{count}} jours d'affilée",
    none: "Pas encore de série : écrivez aujourd'hui pour en commencer une.",
    keepGoing: "Écrivez aujourd'hui pour la prolonger.",
  },
  heatmap: {
    heading: "Votre année d'écriture",
    summary_one: "{{count}} entrée ces 365 derniers jours",
    summary_other: "{{count}} entrées ces 365 derniers jours",
    less: "Moins",
    more: "Plus",
    legend: "Échelle de couleurs",
    level0: "aucune entrée",
    level1: "1 entrée",
    level2: "2 entrées",
    level3: "3 entrées ou plus",
    day_one: "{{date}} : {{count}} entrée",
    day_other: "{{date}} : {{count}} entrées",
    listLabel: "Jours avec des entrées",
  },
} satisfies CatalogShape<typeof en>;

export default remember;
