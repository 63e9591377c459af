import { describe, expect, it } from 'vitest';
import {
  SHARE_DEFAULT_TEXT,
  shareHashtags,
  shareImages,
  shareMailto,
  shareText,
  socialLinks,
} from '../../src/index.js';

describe('shareText', () => {
  it.each([
    [undefined, 'Check out this link!'],
    [null, 'Check out this link!'],
    ['   ', 'Check out this link!'],
    [' Walk the river ', 'Walk the river'],
  ])('%j → %s', (text, out) => expect(shareText(text)).toBe(out));
  it('uses the SPEC default', () => expect(SHARE_DEFAULT_TEXT).toBe('Check out this link!'));
});

describe('shareImages (SPEC §5: http(s) only)', () => {
  const origin = 'https://tours.example.org';
  it.each<[string, (string | null)[], string[]]>([
    ['keeps https', ['https://cdn.example.org/a.jpg'], ['https://cdn.example.org/a.jpg']],
    ['keeps http', ['http://cdn.example.org/a.jpg'], ['http://cdn.example.org/a.jpg']],
    [
      'makes our root-relative images absolute',
      ['/static/tours/16/media/cover.jpg?v=1'],
      ['https://tours.example.org/static/tours/16/media/cover.jpg?v=1'],
    ],
    ['drops data: URLs', ['data:image/png;base64,AAAA'], []],
    ['drops blob: URLs', ['blob:https://tours.example.org/1'], []],
    ['drops relative paths', ['media/cover.jpg'], []],
    ['drops protocol-relative URLs', ['//cdn.example.org/a.jpg'], []],
    ['drops javascript:', ['javascript:alert(1)'], []],
    ['drops blanks and nulls', [null, '', '  '], []],
    [
      'keeps each once',
      ['/a.jpg', 'https://tours.example.org/a.jpg'],
      ['https://tours.example.org/a.jpg'],
    ],
  ])('%s', (_, images, out) => expect(shareImages(images, origin)).toEqual(out));

  it('an origin with a trailing slash', () =>
    expect(shareImages(['/a.jpg'], 'http://127.0.0.1:3000/')).toEqual([
      'http://127.0.0.1:3000/a.jpg',
    ]));
});

describe('shareHashtags (SPEC §5)', () => {
  it.each<[string, (string | null | undefined)[], string[]]>([
    ['defaults include the product name', [], ['Earshot']],
    ['adds the guide hashtag', ['EarshotRiverfront'], ['Earshot', 'EarshotRiverfront']],
    ['removes spaces', ['Sculpture Walk '], ['Earshot', 'SculptureWalk']],
    ['drops blank ones', ['', '   ', null, undefined], ['Earshot']],
    ['splits on commas and drops the empties', ['a, ,b,'], ['Earshot', 'a', 'b']],
    ['removes a leading #', ['#Portland'], ['Earshot', 'Portland']],
    ['keeps each once', ['earshot', 'Art', 'art'], ['Earshot', 'Art']],
  ])('%s', (_, tags, out) => expect(shareHashtags(...tags)).toEqual(out));
});

describe('shareMailto', () => {
  it('has the subject of SPEC §9 and the text with the link', () => {
    const href = shareMailto('Check out this link!', 'https://x.org/guide/a b');
    expect(href).toBe(
      'mailto:?subject=Check%20this%20out!&body=Check%20out%20this%20link!%0A%0Ahttps%3A%2F%2Fx.org%2Fguide%2Fa%20b',
    );
  });
});

describe('socialLinks', () => {
  const links = socialLinks({
    text: 'Walk & listen',
    url: 'https://tours.example.org/guide/rsw',
    hashtags: ['Earshot', 'EarshotRiverfront'],
  });
  const by = (n: string) => new URL(links.find((l) => l.network === n)!.href);

  it('X carries the text, url and hashtags', () => {
    const u = by('x');
    expect(u.origin + u.pathname).toBe('https://twitter.com/intent/tweet');
    expect(u.searchParams.get('text')).toBe('Walk & listen');
    expect(u.searchParams.get('url')).toBe('https://tours.example.org/guide/rsw');
    expect(u.searchParams.get('hashtags')).toBe('Earshot,EarshotRiverfront');
  });
  it('Facebook sharer carries the url and the first hashtag', () => {
    const u = by('facebook');
    expect(u.origin + u.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(u.searchParams.get('u')).toBe('https://tours.example.org/guide/rsw');
    expect(u.searchParams.get('hashtag')).toBe('#Earshot');
  });
  it('WhatsApp carries text, url and hashtags in one message', () => {
    expect(by('whatsapp').searchParams.get('text')).toBe(
      'Walk & listen https://tours.example.org/guide/rsw #Earshot #EarshotRiverfront',
    );
  });
  it('LinkedIn carries the url', () => {
    expect(by('linkedin').searchParams.get('url')).toBe('https://tours.example.org/guide/rsw');
  });
  it('every link is https', () =>
    expect(links.every((l) => l.href.startsWith('https://'))).toBe(true));
});
