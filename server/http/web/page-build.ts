/**
 * The server build of the web app (`build/server/index.js`): React Router's request handler
 * and the entry's `createLoadContext` (ADR 014), loaded once, on the first page request or
 * when the server starts listening.
 */
import { pathToFileURL } from "node:url";
import type { CommentSettings } from "../../core/comments/comment-settings.ts";
import type { PageIdentity } from "../../core/site/site-identity.ts";
import type { FetchLike } from "./in-process-fetch.ts";

/** What the SSR request handler needs from the server build. */
type RequestHandler = (request: Request, loadContext?: unknown) => Promise<Response>;

/** What the server entry's `createLoadContext` receives besides the transport. */
export interface PageRequestOptions {
  /** The CSP nonce of this page's scripts. */
  nonce: string;
}

/**
 * Confirms a session token for one page request: the session's token and auth record as
 * auth-refresh would present it, or `null` when the session is not valid (ADR 048).
 */
export type SessionConfirmer = (
  token: string,
) => Promise<{ token: string; record: Record<string, unknown> } | null>;

/** The loaded server build. */
export interface LoadedBuild {
  handle: RequestHandler;
  createLoadContext:
    | ((
        transport: FetchLike | null,
        options: PageRequestOptions & {
          siteUrl: string | null;
          appName: string | null;
          commentRules: CommentSettings | null;
          siteIdentity: PageIdentity | null;
          confirmSession: SessionConfirmer | null;
        },
      ) => unknown)
    | undefined;
}

/** Imports the server build at `serverEntry`. */
export async function loadBuild(serverEntry: string): Promise<LoadedBuild> {
  // React picks its development or production build from NODE_ENV when first imported;
  // production SSR is about twice as fast (design §3). Tests set NODE_ENV themselves.
  process.env.NODE_ENV ??= "production";
  const { createRequestHandler } = await import("react-router");
  const build = (await import(pathToFileURL(serverEntry).href)) as {
    entry?: { module?: { createLoadContext?: unknown } };
  };
  const createLoadContext = build.entry?.module?.createLoadContext;
  return {
    handle: createRequestHandler(
      build as Parameters<typeof createRequestHandler>[0],
      process.env.NODE_ENV === "production" ? "production" : "development",
    ) as RequestHandler,
    createLoadContext:
      typeof createLoadContext === "function"
        ? (createLoadContext as LoadedBuild["createLoadContext"])
        : undefined,
  };
}
