/**
 * The line under 'Register to take part' (SPEC §2): what a signed-in visitor can do in this
 * guide, naming only what it has; null when it has neither badges nor a scavenger hunt, and
 * the banner is not shown.
 */
export function takePartLine(badges: number, hunts: number): string | null {
  const hunt = hunts > 1 ? 'the scavenger hunts' : 'the scavenger hunt';
  if (badges > 0 && hunts > 0) return `Earn badges and answer ${hunt} as you walk.`;
  if (badges > 0) return 'Earn badges as you walk.';
  if (hunts > 0) return `Answer ${hunt} as you walk.`;
  return null;
}
