export function ComparePage({ a, b }: { a: string; b: string }) {
  return <p className="muted">{`${a} ${b}`}</p>;
}
