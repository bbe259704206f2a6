export function HistoryPage() {
  return null;
}
