/**
 * English messages of "Remember": the journal's calendar (`/calendar`), "On this day" and the
 * writing streak on the signed-in home page, and the year heatmap on one's own profile.
 */
const remember = {
  calendar: {
    title: "Calendar",
    titleMonth: "Calendar: {{month}}",
    description: "Your journal, month by month.",
    intro: "Days you wrote on are marked; open one to read what you wrote.",
    previous: "Previous month",
    next: "Next month",
    thisMonth: "This month",
    today: "today",
    entries_one: "{{count}} entry",
    entries_other: "{{count}} entries",
    dayHeading: "Entries of {{date}}",
    dayEmpty: "No entry on this day.",
    backToMonth: "Back to the month",
    writeOne: "Write an entry",
    monthEmpty: "No entry this month yet.",
    link: "Calendar",
    titleYear: "Calendar: {{year}}",
    yearNav: "Years",
    yearHeading_one: "{{year}}: {{count}} entry",
    yearHeading_other: "{{year}}: {{count}} entries",
    previousYear: "Previous year",
    nextYear: "Next year",
    thisYear: "This year",
    yearView: "The whole of {{year}}",
    jumpLabel: "Go to a date",
    jumpSubmit: "Go",
  },
  onThisDay: {
    heading: "On this day",
    yearsAgo_one: "{{count}} year ago",
    yearsAgo_other: "{{count}} years ago",
  },
  streak: {
    label: "Writing streak",
    days_one: "{{count}} day in a row",
    days_other: "{{count}} days in a row",
    none: "No streak yet: write today to start one.",
    keepGoing: "Write today to keep it going.",
  },
  heatmap: {
    heading: "Your year of writing",
    summary_one: "{{count}} entry in the last 365 days",
    summary_other: "{{count}} entries in the last 365 days",
    less: "Less",
    more: "More",
    legend: "Colour scale",
    level0: "no entry",
    level1: "1 entry",
    level2: "2 entries",
    level3: "3 or more entries",
    day_one: "{{date}}: {{count}} entry",
    day_other: "{{date}}: {{count}} entries",
    listLabel: "Days with entries",
  },
};

export default remember;
