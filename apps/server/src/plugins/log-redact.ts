/** Query parameters whose values are secrets or one-time codes (reset tokens, OAuth codes). */
const SECRET_PARAMS = /^(token|code|state|id_token|access_token|refresh_token|password|secret)$/i;
/**
 * Paths that carry a token in the path itself: better-auth's, and the studio's invitation
 * links (the web page and its calls), which make their holder's account a publisher.
 */
const TOKEN_PATH =
  /^(\/api\/auth\/(?:reset-password|verify-email|magic-link)\/|(?:\/api\/v1)?\/studio\/invitations\/)[^/?]+/;

/**
 * A studio preview link's token (core PREVIEW_TOKEN_PATTERN: 43 base64url characters) and the
 * stem that prefixes its rows' tokens (`pv` + its first 10 characters + `-`, core
 * previewPrefix): whoever holds either reads the unpublished draft. The log cannot ask the
 * database which tokens are previews, so every value of that form is hidden (a published
 * guide's slug of exactly 43 characters too: a rare, harmless loss).
 */
const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const PREVIEW_STEM = /^pv[A-Za-z0-9_-]{10}-/;

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** A path segment or query value with a preview token hidden. */
function redactPreview(value: string): string {
  let plain = value;
  try {
    plain = decodeURIComponent(value);
  } catch {
    // A malformed escape is tested as it came.
  }
  if (PREVIEW_TOKEN.test(plain)) return '[redacted]';
  return PREVIEW_STEM.test(plain) ? plain.replace(PREVIEW_STEM, 'pv[redacted]-') : value;
}

/**
 * A URL as the request log may show it: the values of secret query parameters and tokens in
 * paths (reset and invitation links, preview links) are replaced by "[redacted]", so a reset
 * link, an OAuth code or a draft's preview link never reaches the logs.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q))
    .replace(TOKEN_PATH, '$1[redacted]')
    .split('/')
    .map(redactPreview)
    .join('/');
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
      if (eq < 0) return pair;
      const value = pair.slice(eq + 1);
      // A value that is a path with a token (the link proving an address leads back to the
      // invitation's page in its callbackURL) is as secret as the path itself.
      if (SECRET_PARAMS.test(name) || TOKEN_PATH.test(decoded(value))) return `${key}=[redacted]`;
      return `${key}=${redactPreview(value)}`;
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
