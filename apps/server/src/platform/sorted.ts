/**
 * The index of the first entry of the ascending `sorted` that is not before `value` (binary search): where `value`
 * would be inserted to keep the order, and so also how many entries are strictly below it.
 */
export function lowerBound<T extends number | string>(sorted: readonly T[], value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
