/**
 * Reloading after a failed chunk load (spec §4, §9): never twice for the same path within
 * 10 s (a `sessionStorage` record survives the reload), for failed dynamic imports, Vite's
 * `vite:preloadError` and error boundaries alike.
 */
import { useEffect } from "react";
import { isRecord } from "./build-info.ts";

/** How long a path is not reloaded again after a chunk failure (spec §4, §9: 10 s). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** `sessionStorage` key remembering the paths reloaded after a chunk failure. */
export const CHUNK_RELOAD_STORAGE_KEY = "cahier:chunk-reloads";

/** The parts of `sessionStorage` the reload guard uses. */
export type GuardStorage = Pick<Storage, "getItem" | "setItem">;

function readReloads(storage: GuardStorage): Record<string, number> {
  try {
    const value: unknown = JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? "{}");
    if (!isRecord(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => {
        return typeof entry[1] === "number";
      }),
    );
  } catch {
    return {};
  }
}

/**
 * Whether a chunk failure on `path` may reload the page now, recording the reload when it
 * may: not when the same path was reloaded for a chunk failure less than 10 s ago. Without
 * storage (disabled, or private mode quotas) it never may, since a loop could not be stopped.
 */
export function claimChunkReload(path: string, now: number, storage: GuardStorage | null): boolean {
  if (!storage) return false;
  const reloads = readReloads(storage);
  const last = reloads[path];
  if (last !== undefined && now >= last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  const kept = Object.fromEntries(
    Object.entries(reloads).filter(([, at]) => now >= at && now - at < CHUNK_RELOAD_GUARD_MS),
  );
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify({ ...kept, [path]: now }));
    return true;
  } catch {
    return false;
  }
}

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /failed to load module script/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
];

/** Whether an error is a failed chunk load (a dynamic import or a preloaded file). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "ChunkLoadError") return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

let reloading = false;

function sessionStorageOrNull(): GuardStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reloads the page after a chunk failure unless {@link claimChunkReload} refuses; returns
 * whether it reloads.
 */
export function reloadAfterChunkFailure(error?: unknown): boolean {
  if (reloading) return true;
  const path = window.location.pathname;
  if (!claimChunkReload(path, Date.now(), sessionStorageOrNull())) {
    console.error(
      `A page chunk failed to load again; not reloading ${path} twice within ${String(CHUNK_RELOAD_GUARD_MS / 1000)} s`,
      error,
    );
    return false;
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** Options of {@link installChunkFailureHandlers}. */
export interface ChunkFailureOptions {
  /** Failures to leave to their caller (a language catalog: it logs and carries on). */
  ignore?: () => boolean;
}

/**
 * Reloads the page (guarded) when a dynamic import fails: Vite's `vite:preloadError` event
 * and unhandled chunk-load rejections. Returns a function removing the listeners.
 */
export function installChunkFailureHandlers(options: ChunkFailureOptions = {}): () => void {
  const onPreloadError = (event: Event) => {
    if (options.ignore?.()) return;
    reloadAfterChunkFailure((event as Event & { payload?: unknown }).payload);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (options.ignore?.() || !isChunkLoadError(event.reason)) return;
    reloadAfterChunkFailure(event.reason);
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}

/** For error boundaries: a chunk-load error reloads the page (guarded) instead of staying. */
export function useReloadOnChunkError(error: unknown): void {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkFailure(error);
  }, [error]);
}
