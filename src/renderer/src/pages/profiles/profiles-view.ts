// Which part of the profiles screen the address shows: the list, the form for
// a new profile (`#/profiles?new`), or a profile's form (`#/profiles?edit=<id>`).
// In the address, so that the browser's Back leaves a form and another
// screen can link straight to "add a profile".

export type ProfilesView = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: string };

export function parseProfilesView(hash: string): ProfilesView {
  const query = hash.indexOf('?');
  if (query < 0) return { kind: 'list' };
  const params = new URLSearchParams(hash.slice(query + 1));
  const id = params.get('edit');
  if (id) return { kind: 'edit', id };
  if (params.has('new')) return { kind: 'new' };
  return { kind: 'list' };
}

export function hrefOfProfilesView(view: ProfilesView): string {
  switch (view.kind) {
    case 'list':
      return '#/profiles';
    case 'new':
      return '#/profiles?new';
    case 'edit':
      return `#/profiles?${new URLSearchParams({ edit: view.id }).toString()}`;
  }
}
