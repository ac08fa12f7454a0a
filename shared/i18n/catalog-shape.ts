/** Typing helpers for the message catalogs (`en` is the source of truth). */

/**
 * The shape of a catalog with every message widened to `string`: each `fr` catalog
 * `satisfies CatalogShape<typeof en>`, so a missing or extra key fails `typecheck`.
 */
export type CatalogShape<T> = {
  [K in keyof T]: T[K] extends string ? string : CatalogShape<T[K]>;
};
