/**
 * The words that lead a reader to the English version of something, in English, whatever the
 * page's language (issue 29): the link from a post to its translation, the title of the
 * blog's English feed. Only the server renders them, so this namespace is not part of the
 * web app's catalogs (`index.ts`). `{{app}}` is the site's name.
 */
const languageLinks = {
  readIn: "Read in English",
  blogFeed: "{{app}} blog in English",
};

export default languageLinks;
