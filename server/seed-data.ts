/**
 * The demo content of `cahier seed`: a handful of users of each role, their notebooks
 * (the `collections` collection), journal entries, blog posts and admin items, in English
 * and French. Plain data only; `seed.ts` creates it through the record service. Dates are
 * relative to the day of seeding, so the demo always looks recent.
 */

/**
 * The domain of the demo accounts' addresses: `.invalid` is reserved (RFC 2606), so no mail
 * (password reset, sign-in code) ever reaches anyone through them.
 */
export const DEMO_EMAIL_DOMAIN = "demo.invalid";

/**
 * What seeds before issue 25 made, so a new seed can find them and take back their published
 * password: a superuser, and demo users at `<username>@cahier.local`, all with this password.
 */
export const LEGACY_SEED = {
  password: "demo-password-2026",
  superuserEmail: "admin@cahier.local",
  emailDomain: "cahier.local",
} as const;

/** A demo user; `username` identifies it in the other seed records. */
export interface SeedUser {
  username: string;
  email: string;
  name: string;
  role: "" | "writer" | "admin";
  locale: "en" | "fr";
  /** Markdown. */
  bio: string;
}

/** A demo notebook; `key` names it in `SeedEntry.notebook` (its slug comes from the title). */
export interface SeedNotebook {
  key: string;
  /** Username of the owner. */
  owner: string;
  title: string;
  /** Markdown. */
  description: string;
  visibility: "private" | "unlisted" | "public";
}

/** A demo journal entry. */
export interface SeedEntry {
  /** Username of the author. */
  author: string;
  /** Key of a notebook of the same author, if any. */
  notebook?: string;
  title: string;
  visibility: "private" | "unlisted" | "public";
  tags: string[];
  /** The day the entry is about, counted back from the day of seeding. */
  daysAgo: number;
  /** Markdown. */
  content: string;
}

/** When a demo post is published: never (a draft), in the past, or scheduled in the future. */
export type SeedPublication = "draft" | { daysAgo: number } | { inDays: number };

/** A demo blog post (its author must be a writer or an admin). */
export interface SeedPost {
  /** Username of the author. */
  author: string;
  title: string;
  lang: "en" | "fr";
  publication: SeedPublication;
  tags: string[];
  /** Markdown, shown in lists and previews. */
  excerpt: string;
  /** Markdown. */
  content: string;
}

/** A demo item of the admin "instances" area. */
export interface SeedItem {
  code: string;
  name: string;
  /** Markdown. */
  description: string;
  status: "active" | "archived";
  tags: string[];
  data: Record<string, unknown>;
  /** Username of the responsible user, if any. */
  owner?: string;
}

const FENCE = "```";

/**
 * Demo users: one admin, two writers and two plain users, in both locales. Without
 * `--demo-accounts` they are the content's authors only: nobody can sign in to them, and the
 * admin is a writer.
 */
export const SEED_USERS: readonly SeedUser[] = [
  {
    username: "camille",
    email: "camille@demo.invalid",
    name: "Camille Laurent",
    role: "admin",
    locale: "fr",
    bio: `Administratrice de cette instance Cahier. J'aime les **sauvegardes testées** et les cafés serrés.

- Questions sur le service : [page d'aide](https://example.com/aide)
- Je réponds en français et en anglais.`,
  },
  {
    username: "june",
    email: "june@demo.invalid",
    name: "June Park",
    role: "writer",
    locale: "en",
    bio: `Writer and amateur botanist in Portland, Oregon. I write about *slow travel*, small gardens and the odd piece of software.

Newsletter: [Green Margins](https://example.com/green-margins)`,
  },
  {
    username: "etienne",
    email: "etienne@demo.invalid",
    name: "Étienne Morel",
    role: "writer",
    locale: "fr",
    bio: `Journaliste indépendant à Lyon. J'écris sur la **cuisine**, les trains de nuit et les villes moyennes.

> « Voyager, c'est arriver quelque part en ayant le temps d'y penser. »`,
  },
  {
    username: "sam",
    email: "sam@demo.invalid",
    name: "Sam Okafor",
    role: "",
    locale: "en",
    bio: "Backend developer in Leeds, learning Rust one borrow-checker error at a time. Runs slowly, reads quickly.",
  },
  {
    username: "lea",
    email: "lea@demo.invalid",
    name: "Léa Rousseau",
    role: "",
    locale: "fr",
    bio: `Étudiante en architecture du paysage à Nantes. Je tiens ici le carnet du **jardin partagé** de mon quartier.`,
  },
];

/** Demo notebooks, each kept by its owner, with every visibility. */
export const SEED_NOTEBOOKS: readonly SeedNotebook[] = [
  {
    key: "june-field",
    owner: "june",
    title: "Field notes",
    description: "Plants, walks and weather, written down the same day.",
    visibility: "public",
  },
  {
    key: "june-reading",
    owner: "june",
    title: "Reading log",
    description:
      "Books I finish, with a line or two about each. Shared by link with my *book club*.",
    visibility: "unlisted",
  },
  {
    key: "etienne-voyage",
    owner: "etienne",
    title: "Carnet de voyage",
    description:
      "Des trains, des gares et des villes où l'on s'arrête un peu plus longtemps que prévu.",
    visibility: "public",
  },
  {
    key: "etienne-cuisine",
    owner: "etienne",
    title: "Cuisine du dimanche",
    description: "Les recettes de famille, notées avant qu'on les oublie.",
    visibility: "private",
  },
  {
    key: "sam-rust",
    owner: "sam",
    title: "Learning Rust",
    description: "A public log of learning Rust, mistakes included. Code samples are **MIT**.",
    visibility: "public",
  },
  {
    key: "sam-pages",
    owner: "sam",
    title: "Morning pages",
    description: "Three pages every morning, nobody else reads them.",
    visibility: "private",
  },
  {
    key: "lea-jardin",
    owner: "lea",
    title: "Jardin partagé",
    description:
      "Le journal du jardin partagé de la rue des Olivettes : semis, récoltes, réunions.",
    visibility: "public",
  },
  {
    key: "lea-pensees",
    owner: "lea",
    title: "Pensées",
    description: "Pour moi seule.",
    visibility: "private",
  },
  {
    key: "camille-ops",
    owner: "camille",
    title: "Journal d'exploitation",
    description:
      "Ce qui a changé sur le serveur, quand et pourquoi. Partagé par lien avec l'équipe.",
    visibility: "unlisted",
  },
];

/** Demo journal entries, spread over the last eighteen months. */
export const SEED_ENTRIES: readonly SeedEntry[] = [
  {
    author: "june",
    notebook: "june-field",
    title: "First frost on the allotment",
    visibility: "public",
    tags: ["garden", "weather"],
    daysAgo: 390,
    content: `## Morning

The thermometer by the shed read **-2 °C** at seven. Everything was silver: the kale, the last nasturtiums, the spider webs on the fence.

## What survived

- Kale and chard, perfectly happy
- Leeks, of course
- The dahlias did *not* make it; time to lift the tubers

## What I want to remember

> The garden is never finished, only paused.

My neighbour Ruth said that while we were scraping ice off the water butt, and I wrote it on my hand so I wouldn't forget.`,
  },
  {
    author: "june",
    notebook: "june-field",
    title: "Walking the Wildwood Trail",
    visibility: "public",
    tags: ["walking", "portland"],
    daysAgo: 205,
    content: `## Route

Started at the [Lower Macleay trailhead](https://example.com/wildwood-trail), up past the Stone House, then along the ridge to Pittock Mansion. About 9 km, three hours with stops.

## Seen on the way

1. Sword ferns taller than me after the rain
2. A pileated woodpecker (heard first, then seen)
3. Trilliums just starting in the shade

Next time: start earlier, bring the good camera, skip the mansion café.`,
  },
  {
    author: "june",
    notebook: "june-reading",
    title: "The Overstory, finally",
    visibility: "unlisted",
    tags: ["books"],
    daysAgo: 96,
    content: `## The Overstory — Richard Powers

Took me two tries. The first hundred pages are eight separate short stories and I gave up the first time; this time I trusted it.

> A seed is a tree in waiting.

### For the book club

- Which of the nine characters did you care about most?
- Does the ending feel hopeful to you?

Rating: ★★★★☆`,
  },
  {
    author: "june",
    title: "A note to self about saying no",
    visibility: "private",
    tags: ["personal"],
    daysAgo: 11,
    content: `## Things I said yes to this month

- Two panels
- A friend's zine
- Editing the newsletter of the allotment society (why?)

## Rule for next month

Before saying yes, ask: *would I do this tomorrow morning?* If not, no.`,
  },
  {
    author: "etienne",
    notebook: "etienne-voyage",
    title: "Train de nuit pour Vienne",
    visibility: "public",
    tags: ["voyage", "train"],
    daysAgo: 470,
    content: `## Départ

Paris-Est, 19 h 40. Une couchette à six, deux étudiants autrichiens, une dame qui tricote et moi.

## Ce qu'il faut savoir

- Réserver la couchette au moins trois semaines avant
- Prendre de l'eau : le wagon-bar ferme à 22 h
- Les horaires sont sur le [site de l'opérateur](https://example.com/nightjet)

> On ne dort pas vraiment dans un train de nuit, on y flotte.

Arrivée à Wien Hauptbahnhof à 9 h 58, avec vingt minutes de retard et le sentiment d'avoir gagné une journée.`,
  },
  {
    author: "etienne",
    notebook: "etienne-voyage",
    title: "Trois jours à Trieste",
    visibility: "public",
    tags: ["voyage", "italie"],
    daysAgo: 310,
    content: `## Jour 1

Le vent, la *bora*, souffle si fort qu'on a tendu des cordes le long des rues en pente.

## Jour 2

Café au Caffè San Marco, là où écrivait Claudio Magris. Commander un *capo in b* : un macchiato dans un verre.

## Jour 3

1. Le phare de la Victoire
2. Le château de Miramare
3. Un dernier bain de mer au Pedocin, la plage où hommes et femmes sont séparés par un mur`,
  },
  {
    author: "etienne",
    notebook: "etienne-cuisine",
    title: "La blanquette de ma grand-mère",
    visibility: "private",
    tags: ["cuisine", "famille"],
    daysAgo: 152,
    content: `## Ingrédients (6 personnes)

- 1,5 kg de veau (tendron et épaule)
- 2 carottes, 1 oignon piqué de deux clous de girofle
- 250 g de champignons de Paris
- 2 jaunes d'œufs, 20 cl de crème

## Étapes

1. Blanchir la viande, la rincer.
2. Couvrir d'eau froide avec les légumes, cuire 1 h 30 à frémissement.
3. Lier le bouillon avec le roux, puis les jaunes et la crème **hors du feu**.

> « Une blanquette qui bout est une blanquette perdue. » — Mamie Jeanne`,
  },
  {
    author: "etienne",
    title: "Idées d'articles pour l'automne",
    visibility: "unlisted",
    tags: ["travail"],
    daysAgo: 41,
    content: `## À proposer

- Les buffets de gare qui rouvrent (Lyon, Metz, Biarritz)
- Un portrait du dernier chef de gare de Saint-Flour
- *Manger local* dans une ville de 30 000 habitants : enquête

## Contacts

Voir la [liste partagée](https://example.com/contacts-automne) avec la rédaction.`,
  },
  {
    author: "sam",
    notebook: "sam-rust",
    title: "Day 1: cargo new",
    visibility: "public",
    tags: ["rust", "programming"],
    daysAgo: 535,
    content: `## Setup

Installed the toolchain with [rustup](https://rustup.rs) and made the obligatory first project.

${FENCE}rust
fn main() {
    let name = "Leeds";
    println!("Hello from {name}!");
}
${FENCE}

## First impressions

- The compiler errors are *kind*. Long, but kind.
- \`cargo\` does everything I used three tools for before.

> Fighting the borrow checker is just the compiler teaching you about ownership. — the internet`,
  },
  {
    author: "sam",
    notebook: "sam-rust",
    title: "Lifetimes finally clicked",
    visibility: "public",
    tags: ["rust"],
    daysAgo: 262,
    content: `## The function that would not compile

${FENCE}rust
fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {
    if a.len() > b.len() { a } else { b }
}
${FENCE}

## What made it click

1. A lifetime is a *promise about how long a borrow lives*, not something you create.
2. The annotation only links inputs to outputs.
3. Most of the time the compiler infers it (lifetime elision).

Chapter 10 of [the book](https://doc.rust-lang.org/book/) again, slowly, with a pen.`,
  },
  {
    author: "sam",
    notebook: "sam-pages",
    title: "Morning pages, Tuesday",
    visibility: "private",
    tags: ["journal"],
    daysAgo: 4,
    content: `## Slept badly

Standup at 9:30. Need to tell Priya the migration will slip a week.

- [ ] Call the dentist
- [ ] Ask about the conference budget
- [x] Renew the library books

> Done is better than perfect, but perfect is better than broken.`,
  },
  {
    author: "sam",
    notebook: "sam-rust",
    title: "Shipping my first crate",
    visibility: "unlisted",
    tags: ["rust", "open-source"],
    daysAgo: 58,
    content: `## tiny-csv-stats

A small crate that prints column statistics for a CSV file. Not public on crates.io yet: sharing the draft with two friends first.

${FENCE}sh
cargo install --path .
tiny-csv-stats data/weather.csv --columns temp,rain
${FENCE}

## Before publishing

- Write proper docs with examples
- Handle quoted fields with embedded newlines
- Pick a licence (probably MIT OR Apache-2.0)`,
  },
  {
    author: "lea",
    notebook: "lea-jardin",
    title: "Semis de printemps",
    visibility: "public",
    tags: ["jardin", "semis"],
    daysAgo: 365,
    content: `## Ce qu'on a semé

- Tomates *cœur de bœuf* et *noire de Crimée*, en godets sous la serre
- Radis et laitues directement en pleine terre
- Capucines le long de la clôture, pour les pucerons

## Calendrier

Le calendrier du [réseau des jardins partagés](https://example.com/jardins-nantes) conseille d'attendre les saints de glace pour repiquer.

> « Qui sème en mars récolte en juin. » — M. Guérin, notre doyen`,
  },
  {
    author: "lea",
    notebook: "lea-jardin",
    title: "Compost : ce qui a marché",
    visibility: "public",
    tags: ["jardin", "compost"],
    daysAgo: 178,
    content: `## Le bilan de l'année

1. Trois bacs en rotation au lieu d'un seul tas
2. Un panneau avec ce qu'on peut y mettre (merci les enfants de l'école)
3. Retourner tous les quinze jours, chacun son tour

## À éviter

- Les épluchures d'agrumes en quantité
- Les restes de viande : les rats sont revenus en juillet

On a récolté environ **200 litres** de compost mûr pour les parcelles.`,
  },
  {
    author: "lea",
    notebook: "lea-pensees",
    title: "Une journée difficile",
    visibility: "private",
    tags: ["personnel"],
    daysAgo: 24,
    content: `## Ce qui s'est passé

Le jury du projet de fin d'année n'a pas aimé le plan d'eau. Ils ont raison, en fait.

## Ce que je garde

- Refaire les coupes
- Demander conseil à Inès
- Dormir`,
  },
  {
    author: "camille",
    notebook: "camille-ops",
    title: "Migration vers PostgreSQL",
    visibility: "unlisted",
    tags: ["ops", "postgresql"],
    daysAgo: 88,
    content: `## Pourquoi

Deux instances derrière le répartiteur de charge : SQLite ne suffit plus, on passe sur PostgreSQL.

## Étapes

1. Sauvegarde complète, vérifiée
2. Nouvelle base et variable \`DATABASE_URL\`
3. Redémarrage des deux instances

${FENCE}sh
export DATABASE_URL=postgres://cahier@db.internal:5432/cahier
npx cahier migrate
npx cahier serve
${FENCE}

> Toujours tester la restauration avant la migration, pas après.

Durée totale : 25 minutes, dont 20 à attendre la sauvegarde.`,
  },
  {
    author: "camille",
    notebook: "camille-ops",
    title: "Sauvegardes : le test de restauration",
    visibility: "private",
    tags: ["ops", "sauvegardes"],
    daysAgo: 19,
    content: `## Résultat

Restauration de la sauvegarde de dimanche sur une machine vide : **OK** en 6 minutes.

## À améliorer

- Chiffrer l'archive avant l'envoi
- Alerter si la sauvegarde nocturne n'a pas tourné
- Documenter la procédure dans le [wiki](https://example.com/wiki/sauvegardes)`,
  },
  {
    author: "camille",
    title: "Notes from the community call",
    visibility: "public",
    tags: ["community", "cahier"],
    daysAgo: 140,
    content: `## Agenda

1. Release plan for the next version
2. Translations: French is complete, who wants to start German?
3. Hosting costs

## Decisions

- Monthly calls, first Thursday, 18:00 UTC
- Minutes go to the [community forum](https://example.com/forum)

> Small instances, many of them: that is the whole idea.`,
  },
];

/** Demo blog posts by the writers (and the admin), in both languages. */
export const SEED_POSTS: readonly SeedPost[] = [
  {
    author: "camille",
    title: "Welcome to Cahier",
    lang: "en",
    publication: { daysAgo: 500 },
    tags: ["announcement", "cahier"],
    excerpt: "A journal for yourself, a blog for everyone else, on a server you control.",
    content: `## What this is

Cahier is a **private journal** and a **public blog** in one place. Entries are private unless you decide otherwise; posts are for the world.

## Getting started

1. Create an account
2. Write your first entry (it stays private)
3. Ask an admin for the *writer* role to publish posts

Questions? Read the [help pages](https://example.com/help) or write to the team.`,
  },
  {
    author: "camille",
    title: "Bienvenue sur Cahier",
    lang: "fr",
    publication: { daysAgo: 500 },
    tags: ["annonce", "cahier"],
    excerpt: "Un journal pour soi, un blog pour les autres, sur un serveur que vous maîtrisez.",
    content: `## De quoi s'agit-il ?

Cahier réunit un **journal privé** et un **blog public**. Les entrées restent privées tant que vous ne décidez pas le contraire ; les articles sont faits pour être lus.

## Pour commencer

1. Créez un compte
2. Écrivez votre première entrée (elle reste privée)
3. Demandez le rôle *rédacteur* à un administrateur pour publier des articles

Des questions ? Consultez les [pages d'aide](https://example.com/aide).`,
  },
  {
    author: "june",
    title: "Why I keep a paper notebook and a digital one",
    lang: "en",
    publication: { daysAgo: 420 },
    tags: ["writing", "tools"],
    excerpt: "Paper for thinking, screens for finding. Two notebooks, one habit.",
    content: `## Paper is for thinking

I can't outline on a screen. On paper I draw arrows, cross things out, and the mess *is* the thinking.

## Digital is for finding

Three years of garden notes are useless if I can't search them. Every Sunday I copy what matters into my journal here, with tags.

## My Sunday routine

- Read the week's paper pages
- Copy out what I'd want to find in a year
- Tag it (\`garden\`, \`books\`, \`walks\`)

> Writing things down is how I find out what I think. Copying them is how I find out what mattered.`,
  },
  {
    author: "june",
    title: "A beginner's guide to winter sowing",
    lang: "en",
    publication: { daysAgo: 160 },
    tags: ["garden", "how-to"],
    excerpt: "Milk jugs, a craft knife and some patience: start perennials outdoors in January.",
    content: `## What you need

- Clear plastic milk jugs, washed
- Potting compost
- Seeds that like the cold (columbine, echinacea, kale)

## How

1. Cut each jug around the middle, leaving a hinge
2. Poke drainage holes, add 8 cm of damp compost, sow
3. Tape it shut, leave the cap off, put it outside and forget it

The freeze-thaw cycles break seed dormancy for you. More detail in this [extension service guide](https://example.com/winter-sowing).

> The best gardening tool is a calendar reminder.`,
  },
  {
    author: "june",
    title: "Ten small gardens worth a detour",
    lang: "en",
    publication: { daysAgo: 29 },
    tags: ["garden", "travel"],
    excerpt: "Pocket parks, courtyards and one rooftop: gardens you can see in under an hour.",
    content: `## West coast

1. Lan Su Chinese Garden, Portland
2. The Bloedel Reserve moss garden, Bainbridge Island
3. Elizabeth F. Gamble Garden, Palo Alto
4. The Ruth Bancroft Garden, Walnut Creek, for its dry beds

## Europe

5. Jardin des Plantes de Nantes, the greenhouse
6. The Chelsea Physic Garden, London
7. Orto Botanico di Padova, the oldest of them all
8. Hortus Botanicus, Amsterdam, and its palm house
9. Jardin de l'Évêché, Limoges, on the terraces above the Vienne

## Further east

10. Murin-an, Kyoto: a borrowed mountain behind a small lawn

## How I choose

- Small enough to see in an hour
- Somewhere to sit
- At least one plant I've never seen before

Full list with opening times in [my spreadsheet](https://example.com/small-gardens).`,
  },
  {
    author: "june",
    title: "What the city trees know",
    lang: "en",
    publication: "draft",
    tags: ["trees", "essay"],
    excerpt: "Notes for an essay about street trees, heat and who gets shade.",
    content: `## Draft outline

- Open with the heat dome summer
- Map of tree canopy vs. income (find a source)
- Interview with the urban forester (pending)

*Not ready yet.*`,
  },
  {
    author: "etienne",
    title: "Le retour des trains de nuit",
    lang: "fr",
    publication: { daysAgo: 350 },
    tags: ["train", "voyage"],
    excerpt:
      "Paris-Vienne, Paris-Berlin, Paris-Nice : enquête sur un retour qu'on n'attendait plus.",
    content: `## Une renaissance

En 2017, il ne restait presque rien. Aujourd'hui, les lignes rouvrent une à une, portées par des voyageurs qui préfèrent **dormir que prendre l'avion**.

## Ce qui coince encore

- Le prix des sillons de nuit
- Le matériel roulant, souvent ancien
- Les travaux nocturnes sur les voies

## Mes trois conseils

1. Réserver tôt, les couchettes partent vite
2. Choisir le compartiment à quatre plutôt qu'à six
3. Emporter un bon livre et des bouchons d'oreilles

> « Le train de nuit, c'est le seul endroit où l'on accepte encore de perdre son temps. »

Pour les horaires, voir le [site de la SNCF](https://example.com/intercites-nuit).`,
  },
  {
    author: "etienne",
    title: "Manger à Lyon sans se ruiner",
    lang: "fr",
    publication: { daysAgo: 112 },
    tags: ["cuisine", "lyon"],
    excerpt: "Bouchons, halles et cantines de quartier : mes adresses à moins de 20 euros.",
    content: `## Les halles

Les *Halles Paul Bocuse* sont chères, mais on peut y manger des huîtres au comptoir le samedi matin pour le prix d'un sandwich.

## Mes adresses

- Un bouchon de la Croix-Rousse, menu du midi à 17 €
- La cantine vietnamienne de la Guillotière
- Le marché du quai Saint-Antoine, le dimanche

> À Lyon, on ne déjeune pas, on s'attable.`,
  },
  {
    author: "etienne",
    title: "Pourquoi j'écris en deux langues",
    lang: "fr",
    publication: { daysAgo: 8 },
    tags: ["écriture"],
    excerpt: "Écrire en anglais m'a appris à mieux écrire en français.",
    content: `## Deux voix

En anglais, mes phrases sont courtes. En français, elles s'allongent, s'enroulent, reviennent sur elles-mêmes.

## Ce que j'ai appris

1. Traduire son propre texte révèle ses facilités
2. Une phrase qui ne survit pas à la traduction n'était peut-être pas claire
3. Le lecteur n'a pas besoin de tout savoir

> Écrire, c'est choisir ce qu'on laisse dehors.`,
  },
  {
    author: "etienne",
    title: "Les villes moyennes, nouvelle frontière",
    lang: "fr",
    publication: { inDays: 14 },
    tags: ["villes", "essai"],
    excerpt: "Agen, Vierzon, Épinal : ce que les villes moyennes ont à dire aux métropoles.",
    content: `## Programmé

Cet article paraîtra dans deux semaines, après la fin du reportage à Vierzon.

## Plan

- Le centre-ville qui se vide, puis qui revient
- Les gares comme places publiques
- Trois maires, trois stratégies`,
  },
];

/** Demo items of the admin "instances" area. */
export const SEED_ITEMS: readonly SeedItem[] = [
  {
    code: "paris-prod",
    name: "Paris — production",
    description:
      "Main instance for the Paris association. Two app servers behind the load balancer, **PostgreSQL** and Redis.",
    status: "active",
    tags: ["production", "eu-west"],
    data: {
      region: "eu-west-3",
      version: "0.1.0",
      database: "postgresql",
      replicas: 2,
      url: "https://paris.example.com",
      backups: { schedule: "0 3 * * *", retentionDays: 30 },
    },
    owner: "camille",
  },
  {
    code: "lyon-staging",
    name: "Lyon — préproduction",
    description:
      "Instance de test avant chaque mise à jour de *Lyon*. Données anonymisées, remises à zéro chaque lundi.",
    status: "active",
    tags: ["staging", "eu-west"],
    data: {
      region: "eu-west-3",
      version: "0.1.0",
      database: "sqlite",
      replicas: 1,
      url: "https://staging.lyon.example.com",
    },
    owner: "camille",
  },
  {
    code: "portland-community",
    name: "Portland community journal",
    description: "Hosted for the allotment society. Contact: [June](https://example.com/june).",
    status: "active",
    tags: ["community", "us-west"],
    data: {
      region: "us-west-2",
      version: "0.1.0",
      database: "sqlite",
      replicas: 1,
      users: 42,
      url: "https://allotments.example.org",
    },
    owner: "june",
  },
  {
    code: "demo-sandbox",
    name: "Public sandbox",
    description: "Anyone can sign up; everything is wiped **every night at 04:00 UTC**.",
    status: "active",
    tags: ["demo"],
    data: {
      region: "eu-central-1",
      version: "0.1.0",
      database: "sqlite",
      resetCron: "0 4 * * *",
      url: "https://demo.example.com",
    },
  },
  {
    code: "montreal-school",
    name: "École de Montréal (pilote)",
    description:
      "Pilote avec deux classes de 4e, terminé en juin. Données exportées puis supprimées.",
    status: "archived",
    tags: ["pilot", "education", "ca-east"],
    data: {
      region: "ca-central-1",
      version: "0.0.9",
      database: "sqlite",
      students: 56,
      endedOn: "2026-06-30",
    },
  },
  {
    code: "berlin-legacy",
    name: "Berlin (legacy)",
    description:
      "Old single-machine instance, replaced by `paris-prod` after the merge of the two associations.",
    status: "archived",
    tags: ["legacy", "eu-central"],
    data: {
      region: "eu-central-1",
      version: "0.0.7",
      database: "sqlite",
      replacedBy: "paris-prod",
    },
  },
];
