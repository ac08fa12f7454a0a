/**
 * The per-file limits of the file fields the editors write (the registry's `maxSize`), in
 * one place the server's registry and the browser's offline outbox both read (issue 28,
 * ADR 072): the outbox refuses a file the server would refuse, with the server's message.
 */
const MB = 1024 * 1024;

/** An entry's attachments: up to 10 files of 10 MB. */
export const ENTRY_ATTACHMENT_MAX_SIZE = 10 * MB;
/** A post's cover image: one file of 5 MB. */
export const POST_COVER_MAX_SIZE = 5 * MB;
/** The images of a post's text: files of 10 MB. */
export const POST_IMAGE_MAX_SIZE = 10 * MB;

/** The file fields by collection: one file or many, and the largest. */
export const FILE_FIELD_LIMITS = {
  entries: { attachments: { multiple: true, maxSize: ENTRY_ATTACHMENT_MAX_SIZE } },
  posts: {
    cover: { multiple: false, maxSize: POST_COVER_MAX_SIZE },
    images: { multiple: true, maxSize: POST_IMAGE_MAX_SIZE },
  },
} as const satisfies Record<string, Record<string, { multiple: boolean; maxSize: number }>>;
