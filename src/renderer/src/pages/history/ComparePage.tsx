export function ComparePage(_props: { a: string; b: string }) {
  return null;
}
