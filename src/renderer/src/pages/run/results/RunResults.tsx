export function RunResults(_props: { runId: string }) {
  return null;
}
