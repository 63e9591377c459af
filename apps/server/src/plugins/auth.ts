import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AUTH_MESSAGES } from '@earshot/core';
import {
  CLIENT_IP_HEADER,
  PASSWORD_LENGTH,
  watchResetMail,
  type Auth,
} from '../modules/auth/better-auth.js';
import { prehashed } from '../modules/auth/password-hashing.js';
import type { SignInLockout, SignInTicket } from '../modules/auth/sign-in-lockout.js';
import { HttpError, UnauthorizedError } from './errors.js';

/** The signed-in user as the API sees it; `name` is the display name. */
export type AuthUser = { id: string; name: string; email: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** The user of the request's `Authorization: Bearer` token, or null (never cookies). */
    currentUser(request: FastifyRequest): Promise<AuthUser | null>;
    /** The signed-in user, or a 401. */
    requireUser(request: FastifyRequest): Promise<AuthUser>;
  }
}

export type AuthPluginOptions = {
  auth: Auth;
  lockout: SignInLockout;
  /** The app's public address: better-auth's requests are made against it, not the Host. */
  publicUrl: string;
  /** Whether password-reset e-mail can be sent (SMTP configured). */
  resetMail: boolean;
};

const SIGN_IN = '/api/auth/sign-in/email';
const SIGN_UP = '/api/auth/sign-up/email';
const RESET_REQUEST = '/api/auth/request-password-reset';
export const RESET_UNAVAILABLE =
  'Password reset by e-mail is not available: this server has no mail (SMTP) settings.';
export const RESET_NOT_SENT = 'The reset e-mail could not be sent. Please try again later.';

async function sessionUser(auth: Auth, authorization: string): Promise<AuthUser | null> {
  if (!/^bearer\s+\S/i.test(authorization)) return null;
  const session = await auth.api.getSession({ headers: new Headers({ authorization }) });
  if (!session) return null;
  const { id, name, email } = session.user;
  return { id, name, email };
}

/** Copies better-auth's fetch Response onto the Fastify reply. */
async function send(reply: FastifyReply, res: Response) {
  reply.status(res.status);
  res.headers.forEach((value, name) => {
    if (!['set-cookie', 'content-length', 'content-encoding'].includes(name))
      reply.header(name, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = await res.text();
  return reply.send(body === '' ? undefined : body);
}

/**
 * better-auth at /api/auth/* (a bridge from Fastify to its fetch handler), the sign-in lockout
 * in front of its e-mail sign-in, and the currentUser/requireUser decorators the API uses.
 * Register on the root instance, before the routes that use the decorators.
 */
export function registerAuth(app: FastifyInstance, opts: AuthPluginOptions): void {
  const { auth, lockout } = opts;
  const users = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

  app.decorate('currentUser', (req: FastifyRequest) => {
    const authorization = req.headers.authorization;
    if (!authorization) return Promise.resolve(null);
    let user = users.get(req);
    if (!user) users.set(req, (user = sessionUser(auth, authorization)));
    return user;
  });
  app.decorate('requireUser', async (req: FastifyRequest) => {
    const user = await app.currentUser(req);
    if (!user) throw new UnauthorizedError();
    return user;
  });

  // An answer to a signed-in request may be that user's own: no shared cache may keep it.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.headers.authorization !== undefined && req.url.startsWith('/api/')) {
      reply.header('cache-control', 'private, no-cache');
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\bauthorization\b/i.test(vary))
        reply.header('vary', vary ? `${vary}, Authorization` : 'Authorization');
    }
    return payload;
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      const url = new URL(req.url, opts.publicUrl);
      if (url.pathname === RESET_REQUEST && !opts.resetMail)
        throw new HttpError(503, RESET_UNAVAILABLE);
      const headers = fromNodeHeaders(req.headers);
      headers.delete('content-length');
      headers.set(CLIENT_IP_HEADER, req.ip);
      // A page of this very server (reached as 127.0.0.1 or a LAN name rather than PUBLIC_URL)
      // is same-origin, not a cross-site request: better-auth checks Origin against PUBLIC_URL.
      if (headers.get('origin') === `${req.protocol}://${req.host}`)
        headers.set('origin', new URL(opts.publicUrl).origin);
      let body: string | undefined;
      if (req.method === 'POST') {
        body = JSON.stringify(req.body ?? {});
        headers.set('content-type', 'application/json');
      }
      const fields = (req.body ?? {}) as { email?: unknown; password?: unknown };
      const email =
        url.pathname === SIGN_IN && typeof fields.email === 'string' ? fields.email : undefined;
      let ticket: SignInTicket | undefined;
      if (email !== undefined) {
        const attempt = await lockout.attempt(email, req.ip);
        if (attempt.ticket === undefined) {
          reply.header('retry-after', Math.ceil((attempt.locked - Date.now()) / 1000));
          throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
        }
        ticket = attempt.ticket;
      }
      const call = () =>
        watchResetMail(() => auth.handler(new Request(url, { method: req.method, headers, body })));
      // better-auth hashes a sign-up's password inside its transaction: hashed here first, the
      // transaction holds the database for no hash (modules/auth/password-hashing.ts).
      const password = fields.password;
      const prehash =
        req.method === 'POST' &&
        url.pathname === SIGN_UP &&
        typeof password === 'string' &&
        password.length >= PASSWORD_LENGTH.min &&
        password.length <= PASSWORD_LENGTH.max;
      let res: Response;
      let mailFailed: boolean;
      try {
        [res, mailFailed] = await (prehash ? prehashed(password, call) : call());
      } catch (e) {
        if (ticket) await lockout.settle(ticket, 'other');
        throw e;
      }
      // The attempt was counted as a failure before the check: a 401 keeps it.
      if (ticket)
        await lockout.settle(ticket, res.status === 401 ? 'failure' : res.ok ? 'success' : 'other');
      // Said even though it tells that the address has an account: a reset mail lost without
      // a word is worse, and the mail server being down is rare.
      if (mailFailed) throw new HttpError(503, RESET_NOT_SENT);
      return send(reply, res);
    },
  });
}
