import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { INSIGHT_VISIT_TOKEN_MS, type InsightTokenCheck } from '@earshot/core';

/**
 * Visit tokens (docs/insights.md "Visit tokens"): `<expiry>.<signature>`, the expiry in Unix
 * seconds and the signature an HMAC-SHA256 over the guide token, the visit id and the expiry.
 * Nothing is stored: any node holding the same AUTH_SECRET checks any node's tokens. The key
 * is derived from AUTH_SECRET for this one use, so a token is never a valid signature of
 * anything else made with the secret (sessions, better-auth's cookies).
 */

const FORMAT = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type IssuedToken = { token: string; expiresAt: Date; expiresIn: number };

export function visitTokens(secret: string | undefined) {
  // Without AUTH_SECRET (tests, a tool): one key per app, its tokens die with it.
  const key = createHmac('sha256', secret ?? randomBytes(32))
    .update('earshot insights visit token v1')
    .digest();
  const sign = (guide: string, visit: string, exp: number) =>
    createHmac('sha256', key).update(`${guide}\n${visit.toLowerCase()}\n${exp}`).digest();

  return {
    /** A token for the visit of the guide, accepted for INSIGHT_VISIT_TOKEN_MS from `now`. */
    issue(guide: string, visit: string, now: Date): IssuedToken {
      const exp = Math.floor((now.getTime() + INSIGHT_VISIT_TOKEN_MS) / 1000);
      return {
        token: `${exp}.${sign(guide, visit, exp).toString('base64url')}`,
        expiresAt: new Date(exp * 1000),
        expiresIn: exp - Math.floor(now.getTime() / 1000),
      };
    },

    /**
     * `ok`: signed by us for this guide and visit, not expired at `now`; `expired`: signed by
     * us for them, expired; `bad`: anything else (none, forged, another guide's or visit's).
     */
    check(token: string | undefined, guide: string, visit: string, now: Date): InsightTokenCheck {
      const m = token === undefined ? null : FORMAT.exec(token);
      if (!m) return 'bad';
      const exp = Number(m[1]);
      // The text is compared, not its bytes: one token has one spelling.
      const given = Buffer.from(m[2]!);
      const wanted = Buffer.from(sign(guide, visit, exp).toString('base64url'));
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'bad';
      return exp * 1000 > now.getTime() ? 'ok' : 'expired';
    },
  };
}

export type VisitTokens = ReturnType<typeof visitTokens>;
