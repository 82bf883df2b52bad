/** REST paths (§2.1): everything under /api/v2/, each ending with a slash. */
export const apiPath = (path: string) => `/api/v2/${path}`;

/** The websocket address for a path on this page's own server. */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
