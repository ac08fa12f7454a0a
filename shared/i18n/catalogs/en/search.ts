/**
 * English messages of search: the header's search box with its results as you type, and the
 * `/search` page (filters, help, empty and no-result states, errors).
 */
const search = {
  box: {
    label: "Search",
    placeholder: "Search…",
    submit: "Search",
    shortcut: "Press / to search",
    results_one: "{{count}} result, use the arrow keys to choose",
    results_other: "{{count}} results, use the arrow keys to choose",
    none: "No results",
    seeAll: "See all results for “{{q}}”",
    failed: "Search is unavailable right now",
  },
  page: {
    title: "Search",
    titleFor: "Search: {{q}}",
    description: "Search the journal entries, posts and collections you may read.",
    intro: "Entries, posts and collections you may read, by their titles, texts and tags.",
    query: "Search for",
    submit: "Search",
    help: {
      heading: "How to search",
      words: "Every word must be found, in any form: “garden” also finds “gardens”.",
      phrase: 'Put words in quotes to find them in that order: “"first light"”.',
      exclude: "Put a minus before a word to leave it out: “jam -apricot”.",
      prefix: "End a word with a star to find what starts with it: “photo*”.",
    },
    filters: {
      label: "Search filters",
      kind: "Kind",
      kinds: {
        all: "Everything",
        entries: "Entries",
        posts: "Posts",
        collections: "Collections",
      },
      collection: "Collection",
      anyCollection: "Any collection",
      tag: "Tag",
      author: "Author (username)",
      from: "From",
      to: "To",
      apply: "Apply filters",
      clear: "Clear filters",
    },
    total_one: "{{count}} result for “{{q}}”",
    total_other: "{{count}} results for “{{q}}”",
    none: "Nothing found for “{{q}}”.",
    noneHint: "Check the spelling, use fewer words, or clear the filters.",
    resultsLabel: "Results",
    kind: {
      entries: "Entry",
      posts: "Post",
      collections: "Collection",
    },
    untitled: "Untitled",
    by: "by {{name}}",
    invalid: "This search cannot be run: {{reason}}",
    reasons: {
      q: "the text is too long (at most 500 characters).",
      from: "the start date is not a valid date.",
      to: "the end date is not a valid date.",
      other: "check the search text and the filters.",
    },
  },
};

export default search;
