/**
 * Moves an open tooltip inside its map's box (text-overlays.ts keepTooltipInView): sideways by
 * CSS `translate`, beside Leaflet's own transform, and its arrow back (`--arrow-shift`), so the
 * arrow still points at its layer, clear of the tooltip's rounded corners.
 */
export function placeInView(el: HTMLElement, margin: number): void {
  const box = el.closest('.leaflet-container')?.getBoundingClientRect();
  if (!box) return;
  el.style.translate = '';
  el.style.removeProperty('--arrow-shift');
  const r = el.getBoundingClientRect();
  const dx =
    r.left < box.left + margin
      ? box.left + margin - r.left
      : r.right > box.right - margin
        ? box.right - margin - r.right
        : 0;
  if (dx === 0) return;
  const room = Math.max(0, r.width / 2 - 14);
  el.style.translate = `${dx}px 0`;
  el.style.setProperty('--arrow-shift', `${Math.max(-room, Math.min(room, -dx))}px`);
}
