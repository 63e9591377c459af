/** Query parameters whose values are secrets or one-time codes (reset tokens, OAuth codes). */
const SECRET_PARAMS = /^(token|code|state|id_token|access_token|refresh_token|password|secret)$/i;
/**
 * Paths that carry a token in the path itself: better-auth's, and the studio's invitation
 * links (the web page and its calls), which make their holder's account a publisher.
 */
const TOKEN_PATH =
  /^(\/api\/auth\/(?:reset-password|verify-email|magic-link)\/|(?:\/api\/v1)?\/studio\/invitations\/)[^/?]+/;

/**
 * A URL as the request log may show it: the values of secret query parameters and tokens in
 * paths are replaced by "[redacted]", so a reset link or an OAuth code never reaches the logs.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(TOKEN_PATH, '$1[redacted]');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // A malformed escape is not a secret name: keep the pair as it came.
      }
      return eq >= 0 && SECRET_PARAMS.test(name) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's request log fields, with the URL redacted. */
export const requestLogFields = (req: LoggedRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
