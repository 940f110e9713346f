/**
 * Binary search over positions 0 … n−1 of an ascending sequence: the first position that `isBefore` says is not
 * before the value sought (n when all are), for orders that are not the natural one of the entries.
 */
export function firstNotBefore(n: number, isBefore: (position: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (isBefore(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index of the first entry of the ascending `sorted` that is not before `value`: where `value` would be inserted
 * to keep the order, and so also how many entries are strictly below it.
 */
export function lowerBound<T extends number | string>(sorted: readonly T[], value: T): number {
  return firstNotBefore(sorted.length, (i) => sorted[i]! < value);
}
