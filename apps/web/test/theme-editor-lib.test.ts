import { describe, expect, it } from 'vitest';
import { colorInputValue } from '../src/shared/theme-fields/color-input';
import { declarationsToText, textToDeclarations } from '../src/shared/theme-fields/declarations';

describe('class rule lines', () => {
  it.each([
    ['', {}],
    ['color: #fff', { color: '#fff' }],
    ['color:#fff\n\n  border-radius :  4px  ', { color: '#fff', 'border-radius': '4px' }],
    ['box-shadow: 0 1px 0 rgb(0 0 0 / 20%)', { 'box-shadow': '0 1px 0 rgb(0 0 0 / 20%)' }],
    ['position', { position: '' }],
  ])('%j → %j', (text, declarations) => expect(textToDeclarations(text)).toEqual(declarations));
  it('round-trips', () => {
    const d = { color: '#123456', 'font-weight': '700' };
    expect(textToDeclarations(declarationsToText(d))).toEqual(d);
  });
});

describe('colorInputValue', () => {
  it.each([
    ['#abc', '#000', '#aabbcc'],
    ['rgb(255 0 0)', '#000', '#ff0000'],
    ['rebeccapurple', '#000', '#663399'],
    ['nope', '#0f5f73', '#0f5f73'],
    [undefined, '#0f5f73', '#0f5f73'],
  ])('%s (else %s) → %s', (value, fallback, hex) =>
    expect(colorInputValue(value, fallback)).toBe(hex),
  );
});
