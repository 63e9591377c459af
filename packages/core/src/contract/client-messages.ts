/**
 * What the app tells a visitor when a call to our API gives nothing it can use: no answer came
 * (offline), or the answer is in a form this app does not read (the server is newer than the
 * app: docs/decisions/0003). SPEC §8 has no text of its own for either.
 */
export const CLIENT_MESSAGES = {
  offline: 'You seem to be offline. Check your connection and try again.',
  newVersion: 'A new version of Earshot is available. Reload to update.',
} as const;
