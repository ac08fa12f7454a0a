/**
 * English messages of "Your data" (profile settings: export and import) and of printing
 * (the "Print or save as PDF" action, a collection printed as a book).
 */
const data = {
  section: {
    heading: "Your data",
    intro:
      "Everything you write stays yours: take it with you, or bring in what you wrote elsewhere.",
  },
  export: {
    heading: "Export",
    intro:
      "One zip archive with cahier.json (every entry, post and collection, with all of its fields), a Markdown file for each, and your attachments, covers and avatar under files/. Private entries are included: keep the file safe.",
    submit: "Download my data",
    preparing: "Preparing the download…",
    started: "Your download has started.",
    failed: "The export could not be started.",
  },
  import: {
    heading: "Import",
    intro:
      "Bring in an export from Cahier, Day One, Ghost or WriteFreely, or a zip of Markdown files. Entries come in private and posts as drafts, unless the export says they were public or published. Importing the same file again creates nothing new.",
    file: "Export file",
    fileHint: "A zip archive; for Ghost and WriteFreely, their .json file works too.",
    format: "Format",
    formats: {
      auto: "Recognise it from the file",
      cahier: "Cahier export (.zip)",
      dayone: "Day One JSON export (.zip)",
      ghost: "Ghost export (.json or .zip)",
      writefreely: "WriteFreely export (.json)",
      markdown: "Markdown files (.zip)",
    },
    dryRun: "Dry run: only show what would be imported",
    submit: "Import",
    submitDry: "Check the file",
    uploading: "Uploading… {{percent}}%",
    processing: "Importing… a large journal can take a while.",
    progress: "Import progress",
    reading: "Reading the file…",
    writing: "Importing… {{done}} of {{total}} items",
    leaveHint: "You may leave this page: the import goes on, and its report waits here.",
    missingFile: "Choose the export file to import.",
    failed: "The import failed.",
    errors: {
      validation_import_not_archive:
        "This file is not a zip archive (nor, for Ghost and WriteFreely, a JSON file).",
      validation_import_unsafe_archive:
        "This archive was refused: it holds a file outside its folder or a link.",
      validation_import_too_large: "This archive is larger than an import may be.",
      validation_import_wrong_format: "This file is not an export of the chosen format.",
      validation_import_invalid: "This file is damaged and could not be read.",
      tooLarge: "This file is larger than the import accepts.",
      busy: "Another import into your account is running. Try again when it ends.",
      forbidden: "You may import only into your own account.",
      network: "The file could not be sent. Check your connection and try again.",
      other: "The server could not import this file.",
    },
    report: {
      heading: "Import finished",
      headingDry: "Dry run: nothing was written",
      readAs: "Read as: {{format}}",
      imported: "Imported",
      wouldImport: "Would be imported",
      entries_one: "{{count}} entry",
      entries_other: "{{count}} entries",
      posts_one: "{{count}} post",
      posts_other: "{{count}} posts",
      collections_one: "{{count}} collection",
      collections_other: "{{count}} collections",
      files_one: "{{count}} file",
      files_other: "{{count}} files",
      skipped_one: "{{count}} item left out or changed",
      skipped_other: "{{count}} items left out or changed",
      nothingSkipped: "Nothing was left out.",
      item: "Item",
      reason: "Reason:",
    },
    /** The words a reason's `params` carry from the API, in the reader's language. */
    units: { KB: "KB", MB: "MB", GB: "GB" },
    visibility: { members: "members", paid: "paying members", tiers: "some tiers" },
    fields: {
      title: "title",
      content: "text",
      excerpt: "excerpt",
      slug: "address",
      tags: "tags",
      cover: "cover",
      attachments: "attachments",
      description: "description",
      collection: "collection",
    },
    /** Why an item was left out or changed, by the API's `code` (`params` fill them in). */
    reasons: {
      already_imported: "Already imported",
      not_in_archive: "Not in the uploaded file",
      ghost_image_missing:
        "The image is not in the file: export Ghost's content/images folder with the JSON, in one zip",
      too_many_files: "More than {{max}} files",
      file_too_large: "Larger than {{size}}",
      file_type_refused: "A type of file this field does not take ({{types}})",
      text_too_long: "Its text is longer than {{max}} characters",
      description_shortened: "Shortened to {{max}} characters",
      too_many_tags: "More than {{max}} tags",
      post_as_entry: "Imported as a private entry: only writers publish posts",
      ghost_page: "A Ghost page, not a post",
      members_only_draft: "Imported as a draft: only for “{{visibility}}” on Ghost",
      collection_as_tag: "Posts have no collection: its posts are tagged “{{tag}}”",
      image_too_large: "An image of {{size}} pixels, more than can be shown",
      post_file_not_kept: "Not kept: a post keeps images only",
      refused: "Refused by the server's checks",
      refusedFields: "Refused by the server's checks (fields: {{fields}})",
    },
  },
  print: {
    action: "Print or save as PDF",
    book: "Print as a book",
  },
  book: {
    title: "{{title}}: the book",
    by: "By {{name}}",
    range: "{{from}} to {{to}}",
    entries_one: "{{count}} entry",
    entries_other: "{{count}} entries",
    contents: "Contents",
    back: "Back to the collection",
    empty: "This collection has no entries to print yet.",
    truncated: "This book holds the first {{count}} entries of the collection.",
  },
} as const;

export default data;
