import type { HatPlacement } from '@earshot/core';

/**
 * A top hat with its brim's centre at (hat.x, hat.y), `hat.width` wide across the brim and
 * turned by `hat.angle`, in the canvas's CSS pixels (the context is already scaled for the
 * device's pixel ratio).
 */
export function drawHat(ctx: CanvasRenderingContext2D, hat: HatPlacement) {
  const w = hat.width;
  const crownW = w * 0.62;
  const crownH = w * 0.62;
  const brimH = w * 0.16;
  ctx.save();
  ctx.translate(hat.x, hat.y);
  ctx.rotate(hat.angle);
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1.5, w * 0.012);
  ctx.strokeStyle = 'rgb(0 0 0 / 0.55)';
  // Crown: slightly wider at the top, like a real topper.
  ctx.beginPath();
  ctx.moveTo(-crownW / 2, -brimH * 0.2);
  ctx.lineTo(-crownW * 0.54, -crownH);
  ctx.quadraticCurveTo(0, -crownH - w * 0.05, crownW * 0.54, -crownH);
  ctx.lineTo(crownW / 2, -brimH * 0.2);
  ctx.closePath();
  const body = ctx.createLinearGradient(-crownW / 2, 0, crownW / 2, 0);
  body.addColorStop(0, '#1c1f2a');
  body.addColorStop(0.45, '#3a4052');
  body.addColorStop(1, '#15171f');
  ctx.fillStyle = body;
  ctx.fill();
  ctx.stroke();
  // Band.
  ctx.fillStyle = '#d9473a';
  ctx.fillRect(-crownW / 2 - 0.5, -brimH * 0.2 - w * 0.13, crownW + 1, w * 0.11);
  // Brim.
  ctx.beginPath();
  ctx.ellipse(0, 0, w / 2, brimH / 2, 0, 0, Math.PI * 2);
  ctx.fillStyle = '#11131a';
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}
