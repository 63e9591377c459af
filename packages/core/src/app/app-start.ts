// The offline rules the app's shell itself needs (its entry, loaded by every page). They stay
// apart from the preload's and the answer queue's rules: the bundler puts a module whole in
// the chunk of its first user, so a module the entry imports one name from ships all of its
// code (and the modules it imports) to every page (bench/results/
// 2026-11-25-visitor-routes-js-and-sharp-tiles.md, "A module is bundled whole").

/** SPEC §5: offline sync is attempted only when online and signed in. */
export const shouldSync = (s: { online: boolean; signedIn: boolean }): boolean =>
  s.online && s.signedIn;

/** Header the service worker puts on an API answer it gave from the device, not the network. */
export const SAVED_ANSWER_HEADER = 'x-earshot-saved';
