/** Where a signed-out user is sent, remembering the page to come back to (§2.3: `?nextPage=`). */
export function loginPathFor(returnTo: string): string {
  return returnTo === '/' || returnTo === '' ? '/login' : `/login?nextPage=${encodeURIComponent(returnTo)}`;
}
