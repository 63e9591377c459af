import { describe, expect, it } from 'vitest';
import { readShell, searchKeepsFocus, takeShellSearch } from '../src/shared/lib/shell-handover';

const box = (value = '') => {
  const input = document.createElement('input');
  input.id = 'box';
  input.value = value;
  document.body.append(input);
  return input;
};

describe('shell handover', () => {
  it("keeps a query typed into the shell's box, handed over once", () => {
    box('murals').focus();
    expect(readShell('box')).toBe('murals');
    expect(takeShellSearch()).toBe('murals');
    expect(takeShellSearch()).toBe('');
    document.body.replaceChildren();
  });

  it('gives the focus back to the new box while the visitor has not moved on', () => {
    box('mur').focus();
    readShell('box');
    // The app draws its own box over the shell: the focused one is gone.
    document.body.replaceChildren();
    expect(searchKeepsFocus()).toBe(true);
    const other = document.createElement('button');
    document.body.append(other);
    other.focus();
    expect(searchKeepsFocus()).toBe(false);
    other.blur();
    expect(searchKeepsFocus()).toBe(false);
    document.body.replaceChildren();
  });

  it('claims nothing when the shell had no focus in its box', () => {
    box('x');
    readShell('box');
    document.body.replaceChildren();
    expect(searchKeepsFocus()).toBe(false);
  });
});
