export function ProfilesPage() {
  return null;
}
