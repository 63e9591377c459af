import { describe, expect, it } from 'vitest';
import {
  MEDIA_MAX_ANY_BYTES,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  MEDIA_SNIFF_BYTES,
  mediaMimeForExt,
  sniffMedia,
} from '../../src/index.js';

const hex = (h: string) => Uint8Array.from((h.match(/../g) ?? []).map((b) => parseInt(b, 16)));
const text = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

// The first 16 bytes of real files: ffmpeg 5 (sine tone) and ImageMagick 6 (8×6 red).
describe('a file is what its first bytes say (sniffMedia)', () => {
  it.each([
    [
      'MP3 with an ID3v2.4 tag (ffmpeg)',
      '49443304000000000023545353450000',
      'audio',
      'mp3',
      'audio/mpeg',
    ],
    [
      'MP3 starting with a frame (MPEG-2 layer III, no tag)',
      'fff340c40014688670175818007fe4a0',
      'audio',
      'mp3',
      'audio/mpeg',
    ],
    [
      'MP3 starting with a frame (MPEG-1 layer III, 128 kbit/s)',
      'fffb9064000000000000000000000000',
      'audio',
      'mp3',
      'audio/mpeg',
    ],
    ['M4A (ftyp M4A)', '0000001c667479704d34412000000200', 'audio', 'm4a', 'audio/mp4'],
    ['MP4 audio (ftyp isom)', '000000206674797069736f6d00000200', 'audio', 'm4a', 'audio/mp4'],
    ['MP4 audio (ftyp mp42)', '00000018667479706d70343200000000', 'audio', 'm4a', 'audio/mp4'],
    ['Ogg Vorbis', '4f676753000200000000000000008ef9', 'audio', 'ogg', 'audio/ogg'],
    ['WAV', '52494646467d000057415645666d7420', 'audio', 'wav', 'audio/wav'],
    ['JPEG (JFIF)', 'ffd8ffe000104a464946000101000001', 'image', 'jpg', 'image/jpeg'],
    ['JPEG (Exif)', 'ffd8ffe1bc5445786966000049492a00', 'image', 'jpg', 'image/jpeg'],
    ['PNG', '89504e470d0a1a0a0000000d49484452', 'image', 'png', 'image/png'],
    ['WebP', '524946463c0000005745425056503820', 'image', 'webp', 'image/webp'],
  ])('%s', (_name, head, kind, ext, mime) => {
    expect(sniffMedia(hex(head))).toMatchObject({ kind, ext, mime });
    expect(mediaMimeForExt(ext)).toBe(mime);
  });

  it.each([
    ['GIF', '47494638396108000600f00000ff0000'],
    ['PDF', '255044462d312e370a25e2e3cfd30a31'],
    ['ZIP (a .docx, a bundle)', '504b0304140006000800000021001e91'],
    ['AVI (RIFF but not WAVE or WEBP)', '52494646a40d0000415649204c495354'],
    ['QuickTime video (ftyp qt)', '00000014667479707174202000000000'],
    ['HEIC photo (ftyp heic)', '00000018667479706865696300000000'],
    ['ADTS AAC (frame sync but layer 00)', 'fff15080043ffcde0200000000000000'],
    ['a frame sync with the reserved MPEG version', 'ffeb9064000000000000000000000000'],
    ['a frame sync with bitrate index 15', 'fffbf064000000000000000000000000'],
    ['ID3 with an impossible version', '49443309000000000000000000000000'],
  ])('%s is refused', (_name, head) => {
    expect(sniffMedia(hex(head))).toBeNull();
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg">'],
    ['plain text named .mp3', 'just some text, not audio'],
    ['HTML', '<!doctype html><html>'],
    ['nothing', ''],
  ])('%s is refused', (_name, body) => {
    expect(sniffMedia(text(body))).toBeNull();
  });

  it('needs no more than MEDIA_SNIFF_BYTES, and a cut header is no match', () => {
    expect(MEDIA_SNIFF_BYTES).toBeGreaterThanOrEqual(12);
    expect(sniffMedia(text('RIFF'))).toBeNull();
    expect(sniffMedia(hex('ffd8'))).toBeNull();
    expect(mediaMimeForExt('gif')).toBeNull();
  });
});

describe('limits and messages', () => {
  it('audio up to 50 MB, pictures up to 20 MB; the larger bounds any upload', () => {
    expect(MEDIA_MAX_BYTES).toEqual({ audio: 50 * 1024 * 1024, image: 20 * 1024 * 1024 });
    expect(MEDIA_MAX_ANY_BYTES).toBe(50 * 1024 * 1024);
  });

  it('the messages name the accepted kinds and the limits', () => {
    for (const kind of ['MP3', 'M4A', 'Ogg', 'WAV', 'JPEG', 'PNG', 'WebP'])
      expect(MEDIA_MESSAGES.notAccepted).toContain(kind);
    expect(MEDIA_MESSAGES.tooLarge('audio')).toBe('Audio files may be at most 50 MB.');
    expect(MEDIA_MESSAGES.tooLarge('image')).toBe('Pictures may be at most 20 MB.');
    expect(MEDIA_MESSAGES.tooLarge(null)).toBe('Files may be at most 50 MB.');
    expect(MEDIA_MESSAGES.unreadable('MP3 audio')).toContain('cannot be read as MP3 audio');
    expect(MEDIA_MESSAGES.tooManyPixels(30_000, 30_000)).toBe(
      'This picture is 30,000 × 30,000 pixels; pictures may have at most 50,000,000 pixels.',
    );
  });
});
