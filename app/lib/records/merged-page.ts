/**
 * One page of two sorted lists merged into one (the archive: entries and posts by date; "My
 * writing": the writer's entries and posts by last edit),
 * read from the API without loading everything before that page. Finding where page `p`
 * starts is a binary search over how many of its predecessors come from the first list
 * (the k-th element of two sorted arrays), so a deep page costs about 2·log2(offset) one-item
 * requests plus two pages per list, whatever the page number.
 */

/** A sorted list the merge reads from: its length, and slices of it. */
export interface SortedSource<T> {
  /** Number of items in the list. */
  total: number;
  /** Up to `count` items from index `start` on, in the list's order. */
  slice(start: number, count: number): Promise<T[]>;
}

/**
 * The items at `[offset, offset + size)` of the merge of `a` and `b`, both sorted by
 * `before` (`before(x, y)`: x comes first). On equal keys `before` must still decide (a
 * tie-breaker), so the merged order is total.
 */
export async function mergedPage<T>(
  a: SortedSource<T>,
  b: SortedSource<T>,
  before: (x: T, y: T) => boolean,
  offset: number,
  size: number,
): Promise<T[]> {
  const end = Math.min(offset + size, a.total + b.total);
  if (offset >= end) return [];
  const fromA = await countFromFirst(a, b, before, offset);
  const [itemsA, itemsB] = await Promise.all([
    fromA < a.total ? a.slice(fromA, size) : Promise.resolve([]),
    offset - fromA < b.total ? b.slice(offset - fromA, size) : Promise.resolve([]),
  ]);
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (out.length < end - offset) {
    const x = itemsA[i];
    const y = itemsB[j];
    if (x !== undefined && (y === undefined || before(x, y))) {
      out.push(x);
      i++;
    } else if (y !== undefined) {
      out.push(y);
      j++;
    } else break;
  }
  return out;
}

/** How many of the first `offset` merged items come from `a`. */
async function countFromFirst<T>(
  a: SortedSource<T>,
  b: SortedSource<T>,
  before: (x: T, y: T) => boolean,
  offset: number,
): Promise<number> {
  let low = Math.max(0, offset - b.total);
  let high = Math.min(offset, a.total);
  // Invariant: the answer is in [low, high]. Taking i items of `a` is too few when a[i]
  // comes before b[offset - i - 1] (that `a` item belongs among the first `offset`).
  while (low < high) {
    const i = Math.floor((low + high) / 2);
    const [[x], [y]] = await Promise.all([a.slice(i, 1), b.slice(offset - i - 1, 1)]);
    if (x !== undefined && y !== undefined && before(x, y)) low = i + 1;
    else high = i;
  }
  return low;
}

/**
 * A {@link SortedSource} over an API list read in pages of `pageSize`: a slice is read with
 * at most two page requests (`perPage = pageSize`), one-item slices with one `perPage = 1`
 * request.
 */
export function pagedSource<T>(
  total: number,
  pageSize: number,
  readPage: (page: number, perPage: number) => Promise<T[]>,
): SortedSource<T> {
  return {
    total,
    async slice(start, count) {
      if (count === 1) return readPage(start + 1, 1);
      const perPage = Math.max(count, pageSize);
      const first = Math.floor(start / perPage) + 1;
      const skip = start - (first - 1) * perPage;
      const pages = await Promise.all(
        skip + count > perPage
          ? [readPage(first, perPage), readPage(first + 1, perPage)]
          : [readPage(first, perPage)],
      );
      return pages.flat().slice(skip, skip + count);
    },
  };
}
