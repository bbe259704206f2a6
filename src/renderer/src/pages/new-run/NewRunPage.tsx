export function NewRunPage() {
  return null;
}
