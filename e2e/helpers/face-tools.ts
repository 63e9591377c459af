import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';

export type Hat = { frame: number; x: number; y: number; width: number; angle: number };

/**
 * `count` hats the camera page placed on distinct frames, read from its overlay's data
 * attributes (the placement in the video's own pixels), a few hundred ms apart so they spread
 * over the test video's motion. Frames without a face are passed over.
 */
export async function hatSamples(overlay: Locator, count: number): Promise<Hat[]> {
  const hats: Hat[] = [];
  let last = -1;
  const deadline = Date.now() + 90_000;
  while (hats.length < count && Date.now() < deadline) {
    const d = await overlay.evaluate((c: HTMLElement) => ({ ...c.dataset }));
    const frame = Number(d.frames);
    if (frame !== last && d.face === 'yes') {
      last = frame;
      hats.push({
        frame,
        x: Number(d.hatX),
        y: Number(d.hatY),
        width: Number(d.hatWidth),
        angle: Number(d.hatAngle),
      });
    }
    await overlay.page().waitForTimeout(230);
  }
  if (hats.length < count) throw new Error(`only ${hats.length} frames with a hat in 90 s`);
  return hats;
}

/** Pearson's correlation of two series of the same length. */
export function pearson(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  a.forEach((x, i) => {
    const y = b[i]!;
    sab += (x - ma) * (y - mb);
    saa += (x - ma) ** 2;
    sbb += (y - mb) ** 2;
  });
  return sab / Math.sqrt(saa * sbb);
}

/**
 * How much wider, on average, the half of the hats turned most clockwise is than the other
 * half. Less swayed by one poor frame than a correlation: the width is the noisiest of the
 * hat's measures (a landmark fit on a frame the model got late, under load, can be a third off).
 */
export function widthGrowthWithAngle(hats: Hat[]): number {
  const byAngle = [...hats].sort((a, b) => a.angle - b.angle);
  const half = Math.floor(byAngle.length / 2);
  const meanWidth = (hs: Hat[]) => hs.reduce((s, h) => s + h.width, 0) / hs.length;
  return meanWidth(byAngle.slice(byAngle.length - half)) / meanWidth(byAngle.slice(0, half));
}

/** The landmark picker's table: each point's index → its pixel coordinates as listed. */
export async function landmarkTable(page: Page): Promise<Record<string, { x: number; y: number }>> {
  return page.getByRole('table').evaluate((table) =>
    Object.fromEntries(
      [...table.querySelectorAll('tbody tr')].map((row) => [
        (row as HTMLElement).dataset.key!,
        {
          x: Number(row.querySelector('[data-axis="x"]')!.textContent),
          y: Number(row.querySelector('[data-axis="y"]')!.textContent),
        },
      ]),
    ),
  );
}

/** A full-page screenshot into E2E_SHOTS_DIR (when set), named by page state and project. */
export async function saveShot(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({
    path: path.join(dir, `${name}-${info.project.name}.png`),
    fullPage: true,
  });
}
