/**
 * Holding new items above a list: when a live refetch brings items the reader has not seen,
 * they wait behind a "3 new posts — show" notice instead of pushing the list down under the
 * reader. Items that changed stay in place with their new content; items that left the list
 * (deleted, made private) leave at once.
 */

/** What a list shows, and what it holds back. */
export interface HeldItems<T> {
  shown: T[];
  held: T[];
}

/**
 * Splits `items` into those the reader knows (shown, in the list's order) and new ones
 * (held). Nothing is held while `known` is empty: an empty list has no place to lose.
 */
export function holdNewItems<T>(
  items: readonly T[],
  known: ReadonlySet<string>,
  idOf: (item: T) => string,
): HeldItems<T> {
  if (known.size === 0) return { shown: [...items], held: [] };
  const shown: T[] = [];
  const held: T[] = [];
  for (const item of items) (known.has(idOf(item)) ? shown : held).push(item);
  return { shown, held };
}
