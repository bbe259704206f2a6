// How many pages a list of `total` items fills: at least one, the empty list's.

export function pagesFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
