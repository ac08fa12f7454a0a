/**
 * How a write tells the revision history what it is: the `revision` query parameter of a
 * record create or update (`?revision=autosave`, `save` or `restore`; the SDK passes it as
 * `{ query: { revision: "autosave" } }`), PocketBase-compatible since PocketBase ignores
 * unknown query parameters. Without it, a write is an explicit save. ADR 041.
 */
import type { RevisionKind } from "../../data/registry/revisions.ts";
import { badRequest, fieldError } from "../errors.ts";
import type { RecordEvent } from "../records/record-hooks.ts";
import type { RequestInfo } from "../records/request-info.ts";

/** The query parameter that carries the marker. */
export const REVISION_MARKER_PARAM = "revision";

/** The values the marker takes. */
export const REVISION_MARKERS = ["autosave", "save", "restore"] as const;

/** A marker value. */
export type RevisionMarker = (typeof REVISION_MARKERS)[number];

const isMarker = (value: string): value is RevisionMarker =>
  (REVISION_MARKERS as readonly string[]).includes(value);

/**
 * The request's marker (`save` when absent). An unknown value is refused with a 400 naming
 * the parameter, so a client's typo never silently turns autosaves into saves.
 */
export function readMarker(request: RequestInfo, action: "create" | "update"): RevisionMarker {
  const value = request.query[REVISION_MARKER_PARAM];
  if (value === undefined || value === "") return "save";
  if (isMarker(value)) return value;
  throw badRequest(`Failed to ${action} record.`, {
    [REVISION_MARKER_PARAM]: fieldError(
      "validation_invalid_revision",
      `Must be one of ${REVISION_MARKERS.join(", ")}.`,
    ),
  });
}

/**
 * The kind of the revision a write makes: `create` for a create; for an update, `restore`
 * when marked so, else `publish` when `status` becomes `published`, else the marker
 * (`autosave` or `save`). An update another write caused (a removed reference) is a `save`.
 */
export function revisionKind(event: RecordEvent): RevisionKind {
  if (event.action === "create") return "create";
  if (event.cascade) return "save";
  const marker = readMarker(event.request, "update");
  if (marker === "restore") return "restore";
  if (event.values.status === "published" && event.old?.status !== "published") return "publish";
  return marker;
}
