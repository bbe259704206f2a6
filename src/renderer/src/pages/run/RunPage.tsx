export function RunPage({ runId }: { runId: string }) {
  return <p className="muted">{runId}</p>;
}
