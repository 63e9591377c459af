import { SHARE_DEFAULT_TEXT, SHARE_EMAIL_SUBJECT } from '../constants.js';

/** SPEC §9: the default hashtags carry the product's name. */
export const SHARE_DEFAULT_HASHTAGS = ['Earshot'] as const;

/** The quoted text of the Sharing dialog: the given text, else SPEC §9's default. */
export const shareText = (text: string | null | undefined): string =>
  text?.trim() || SHARE_DEFAULT_TEXT;

/**
 * SPEC §5: share images are kept only when their URL is http(s). Our own images are
 * root-relative ('/static/…'), so they are made absolute against `origin` first; anything
 * else that is not http(s) (data:, blob:, javascript:, a bare path without an origin) goes.
 */
export function shareImages(
  images: readonly (string | null | undefined)[],
  origin: string,
): string[] {
  const kept: string[] = [];
  for (const image of images) {
    if (!image?.trim()) continue;
    let url = image.trim();
    if (url.startsWith('/') && !url.startsWith('//')) url = origin.replace(/\/+$/, '') + url;
    if (/^https?:\/\//i.test(url) && !kept.includes(url)) kept.push(url);
  }
  return kept;
}

/**
 * SPEC §5 hashtags: the defaults plus the guide's own (comma-separated); a leading '#' and
 * every space are removed, blank ones dropped, and each kept once (case-insensitively).
 */
export function shareHashtags(...tags: readonly (string | null | undefined)[]): string[] {
  const kept: string[] = [];
  for (const tag of [...SHARE_DEFAULT_HASHTAGS, ...tags.flatMap((t) => (t ?? '').split(','))]) {
    const clean = tag.replace(/\s+/g, '').replace(/^#+/, '');
    if (clean && !kept.some((k) => k.toLowerCase() === clean.toLowerCase())) kept.push(clean);
  }
  return kept;
}

/** SPEC §9: an e-mail with the subject 'Check this out!' and the text followed by the link. */
export function shareMailto(text: string, url: string): string {
  const q = (s: string) => encodeURIComponent(s);
  return `mailto:?subject=${q(SHARE_EMAIL_SUBJECT)}&body=${q(`${text}\n\n${url}`)}`;
}

export type SocialNetwork = 'x' | 'facebook' | 'whatsapp' | 'linkedin';
export type SocialLink = { network: SocialNetwork; label: string; href: string };

/** Links that open each network's own share page with the text, link and hashtags filled in. */
export function socialLinks(opts: { text: string; url: string; hashtags: string[] }): SocialLink[] {
  const p = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const { text, url, hashtags } = opts;
  const tags = hashtags.map((h) => `#${h}`).join(' ');
  return [
    {
      network: 'x',
      label: 'X (Twitter)',
      href: `https://twitter.com/intent/tweet?${p({ text, url, hashtags: hashtags.join(',') })}`,
    },
    {
      network: 'facebook',
      label: 'Facebook',
      // Facebook takes one hashtag; the first is the product's.
      href: `https://www.facebook.com/sharer/sharer.php?${p({ u: url, hashtag: `#${hashtags[0] ?? ''}` })}`,
    },
    {
      network: 'whatsapp',
      label: 'WhatsApp',
      href: `https://wa.me/?${p({ text: `${text} ${url} ${tags}`.trim() })}`,
    },
    {
      network: 'linkedin',
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?${p({ url })}`,
    },
  ];
}
