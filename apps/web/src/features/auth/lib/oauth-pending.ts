/**
 * Google's sign-in leaves the app for the provider and comes back by a full page load. This
 * mark in the tab's session storage says a sign-in is under way, so the app (which checks it
 * at start, with no other cost) finishes it: it reads the new session's token.
 */
const KEY = 'earshot-oauth-pending';

export const markOAuthPending = () => sessionStorage.setItem(KEY, '1');

/** Whether a sign-in was under way; the mark is taken away, so it is finished only once. */
export function takeOAuthPending(): boolean {
  try {
    const pending = sessionStorage.getItem(KEY) !== null;
    sessionStorage.removeItem(KEY);
    return pending;
  } catch {
    return false;
  }
}
