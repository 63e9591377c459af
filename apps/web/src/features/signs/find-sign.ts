import {
  guideSignsPath,
  normalizeSignCode,
  signLinksSchema,
  signMissingSchema,
  signTargetSchema,
  tourCacheName,
  SIGN_UNKNOWN,
  type SignMissing,
  type SignTarget,
} from '@earshot/core';
import { apiGet, ApiError, NO_ANSWER } from '../../shared/api/client';
import { parseWith } from '../../shared/api/schema-parse';
import { listDownloads } from '../../shared/offline/downloads';

export type SignAnswer =
  { found: true; target: SignTarget } | { found: false; missing: SignMissing; offline: boolean };

/** The stop of a code among the guides saved on this device (their sign links came with them). */
async function findSaved(code: string): Promise<SignTarget | null> {
  for (const saved of await listDownloads()) {
    const cache = await caches.open(tourCacheName(saved.token));
    const res = await cache.match(`/api/v1/${guideSignsPath(saved.token)}`);
    const links = res ? signLinksSchema.safeParse(await res.json().catch(() => null)) : null;
    const hit = links?.success ? links.data.links.find((l) => l.code === code) : undefined;
    if (hit) return { guide_token: saved.token, poi_token: hit.stop };
  }
  return null;
}

/**
 * Where a sign's short link goes: the server's answer, or with no network the saved guides'
 * links (so a sign scanned offline opens its stop from the device).
 */
export async function findSign(input: string, signal: AbortSignal): Promise<SignAnswer> {
  const code = normalizeSignCode(input);
  if (!code)
    return { found: false, missing: { message: SIGN_UNKNOWN, guide: null }, offline: false };
  try {
    const target = await apiGet(`signs/${code}`, parseWith(signTargetSchema), signal);
    return { found: true, target };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      const body = signMissingSchema.safeParse(e.body);
      return {
        found: false,
        missing: body.success ? body.data : { message: SIGN_UNKNOWN, guide: null },
        offline: false,
      };
    }
    // No answer: the network is down (the service worker says so with a 503) or the server is.
    if (!(e instanceof ApiError) || e.kind === 'incompatible' || typeof caches === 'undefined')
      throw e;
    const saved = await findSaved(code);
    if (saved) return { found: true, target: saved };
    if (e.status !== NO_ANSWER && e.status !== 503) throw e;
    return { found: false, missing: { message: SIGN_UNKNOWN, guide: null }, offline: true };
  }
}
