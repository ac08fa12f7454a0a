/** The wire shapes of Recently deleted (ADR 067), as `GET /api/deleted` answers them. */

/** A kept entry or post, restorable until `expires`. */
export interface DeletedItem {
  /** The item's id (not the record's). */
  id: string;
  recordCollection: "entries" | "posts";
  /** The record's id, which it gets back. */
  record: string;
  title: string;
  /** The record's author (whose list it is in). */
  author: string;
  /** When it was deleted. */
  deleted: string;
  /** When it is purged. */
  expires: string;
}

/** A page of the list, as PocketBase pages records. */
export interface DeletedPage {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: DeletedItem[];
}
