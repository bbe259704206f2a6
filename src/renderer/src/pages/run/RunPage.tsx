export function RunPage(_props: { runId: string }) {
  return null;
}
