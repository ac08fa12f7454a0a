/**
 * Where the browser keeps its sign-in: the SDK's `LocalAuthStore` under this local storage
 * key (the SDK's own default, named here so that the inline start-up script, which runs
 * before any module, reads the same key the browser client writes).
 */
export const AUTH_STORAGE_KEY = "pocketbase_auth";
