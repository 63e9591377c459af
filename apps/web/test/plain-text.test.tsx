import { describe, expect, it } from 'vitest';
import { plainText } from '../src/shared/lib/plain-text';

describe('plainText', () => {
  it.each([
    ['<p>One.</p><p>Two.</p>', 'One. Two.'],
    ['<p>A <strong>bold</strong> move.</p>', 'A bold move.'],
    ['<img src=x onerror="alert(1)"><p>Safe</p>', 'Safe'],
    ['<script>alert(1)</script>Text', 'Text'],
    ['', ''],
  ])('%s → %s', (html, text) => expect(plainText(html)).toBe(text));
});
