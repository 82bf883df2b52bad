/** Where to go after logging in (§4 Login). */
export type LoginTarget = { kind: 'route'; to: string } | { kind: 'reload'; to: string };

/** Only paths on this site: `//host` or `https://…` would make the login page an open redirect. */
const isLocalPath = (path: string | null | undefined): path is string => !!path && path.startsWith('/') && !path.startsWith('//');

/** `?next=/plugins/…` is a server page, loaded in full; then the remembered `?nextPage=`, then where the guard came from, then /. */
export function loginTarget(search: string, from?: string): LoginTarget {
  const params = new URLSearchParams(search);
  const next = params.get('next');
  if (isLocalPath(next) && next.startsWith('/plugins/')) return { kind: 'reload', to: next };
  const nextPage = params.get('nextPage');
  if (isLocalPath(nextPage)) return { kind: 'route', to: nextPage };
  if (isLocalPath(from) && !from.startsWith('/login')) return { kind: 'route', to: from };
  return { kind: 'route', to: '/' };
}
