export function RunResults({ runId }: { runId: string }) {
  return <p className="muted">{runId}</p>;
}
