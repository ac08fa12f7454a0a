/** `/api/collections/{collection}/records[/{id}]`: list, view, create, update, delete. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { findCollection } from "../../core/collections/collection-lookup.ts";
import { CoreError } from "../../core/errors.ts";
import type { Collection } from "../../core/models/collection.ts";
import type { RecordService } from "../../core/records/record-service.ts";
import { readBody } from "../middlewares/body.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { presentRecord, presentRecordList } from "../presenters/record-presenter.ts";
import { queryOf, requestInfo } from "../request-context.ts";

interface Params {
  collection: string;
  id?: string;
}

/**
 * Resolves the `{collection}` path segment; unknown → 404 with `message` (the records routes
 * say "Missing collection context.", the auth routes "Missing or invalid collection context.").
 */
export function collectionParam(
  request: FastifyRequest,
  message = "Missing collection context.",
): Collection {
  const { collection } = request.params as Params;
  const found = findCollection(collection);
  if (!found) throw new CoreError(404, message);
  return found;
}

/** Registers the records routes. */
export function registerRecordCrudRoutes(app: FastifyInstance, records: RecordService): void {
  const base = "/api/collections/:collection/records";

  app.get(base, rateLimited("list"), async (request) => {
    const collection = collectionParam(request);
    return presentRecordList(
      await records.list(collection, requestInfo(request), queryOf(request)),
    );
  });

  app.get(`${base}/:id`, rateLimited("view"), async (request) => {
    const collection = collectionParam(request);
    const { id } = request.params as Params;
    if (!id) throw new CoreError(404, "Missing required record id.");
    return presentRecord(
      await records.view(collection, requestInfo(request), id, queryOf(request).expand),
    );
  });

  app.post(base, rateLimited("create"), async (request) => {
    const collection = collectionParam(request);
    const body = await readBody(
      request,
      "Failed to load the submitted data due to invalid formatting.",
      { collection },
    );
    return presentRecord(
      await records.create(collection, requestInfo(request), body, queryOf(request).expand),
    );
  });

  app.patch(`${base}/:id`, rateLimited("update"), async (request) => {
    const collection = collectionParam(request);
    const { id } = request.params as Params;
    const body = await readBody(
      request,
      "Failed to load the submitted data due to invalid formatting.",
      { collection },
    );
    return presentRecord(
      await records.update(
        collection,
        requestInfo(request),
        id ?? "",
        body,
        queryOf(request).expand,
      ),
    );
  });

  app.delete(`${base}/:id`, rateLimited("delete"), async (request, reply) => {
    const collection = collectionParam(request);
    const { id } = request.params as Params;
    await records.delete(collection, requestInfo(request), id ?? "");
    return reply.status(204).send();
  });
}
