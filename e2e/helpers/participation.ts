import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './accounts';

export const GUIDE_TOKEN = 'riverfront-sculpture-walk';
export const PASSWORD = 'river walk at dawn';

export type Session = {
  email: string;
  token: string;
  user: { id: string; name: string; email: string };
};

/** A new user made through the identity service's API (SPEC §6), with their session token. */
export async function newUser(request: APIRequestContext, name = 'Hunt Walker'): Promise<Session> {
  const email = uniqueEmail('answers');
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { user: { id: string; name: string; email: string } };
  const { id, email: mail } = body.user;
  return { email, token: res.headers()['set-auth-token']!, user: { id, name, email: mail } };
}

/** Every page of `page` opens signed in as `session`, as the app keeps it in local storage. */
export async function signedInAs(page: Page, session: Session): Promise<void> {
  await page.addInitScript((s) => {
    localStorage.setItem(
      'earshot-auth',
      JSON.stringify({ state: { user: s.user, token: s.token }, version: 0 }),
    );
  }, session);
}

export type Hunt = { id: number; name: string; subtitle: string; challenges: number[] };
export type ChallengeRow = { id: number; title: string; resourcetype: string; poi_token: string };
export type Answer = {
  id: number;
  challenge: number;
  value: string;
  resourcetype: string;
  is_checked: boolean;
  is_correct: boolean | null;
  value_thumbnail: string | null;
};

export async function flagshipHunt(request: APIRequestContext): Promise<Hunt> {
  const res = await request.get(`/api/v1/scavenger_hunts?guide__token=${GUIDE_TOKEN}`);
  const hunts = (await res.json()) as Hunt[];
  expect(hunts).toHaveLength(1);
  return hunts[0]!;
}

export async function huntChallenges(
  request: APIRequestContext,
  huntId: number,
): Promise<ChallengeRow[]> {
  return (await (
    await request.get(`/api/v1/challenges?scavenger_hunt=${huntId}`)
  ).json()) as ChallengeRow[];
}

/** What the server holds of the user's answers to the hunt, asked with their token. */
export async function serverAnswers(
  request: APIRequestContext,
  session: Session,
  huntId: number,
): Promise<Answer[]> {
  const res = await request.get(`/api/v1/user_answers?challenge__scavenger_hunt=${huntId}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Answer[];
}

/** A challenge of the hunt list, by its title. */
export const huntItem = (page: Page, title: string): Locator =>
  page
    .getByRole('list', { name: 'Challenges' })
    .getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

/** A large photo (3000×2000 PNG) made in the page, as a camera would give it. */
export async function bigPhoto(page: Page) {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const ctx = canvas.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, 3000, 2000);
    g.addColorStop(0, '#0f5f73');
    g.addColorStop(1, '#f5b544');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 3000, 2000);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 240px sans-serif';
    ctx.fillText('HERON', 900, 1100);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return { name: 'heron.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/** Width and height of the picture in a data URL, read by the browser. */
export const pictureSize = (page: Page, dataUrl: string) =>
  page.evaluate(async (url) => {
    // An image, not fetch: the Content-Security-Policy lets data: URLs be pictures only.
    const img = new Image();
    img.src = url;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, dataUrl);
