import { describe, expect, it } from 'vitest';
import {
  adoptShellElement,
  dropShellElement,
  keepShellElement,
  readShell,
  searchKeepsFocus,
  takeShellSearch,
} from '../src/shared/lib/shell-handover';

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

  it('keeps what is typed into the shell after the app has started, until it draws over it', () => {
    const input = box('mur');
    input.focus();
    expect(readShell('box')).toBe('mur');
    // The app renders meanwhile; the visitor types on.
    input.value = 'murals';
    document.body.replaceChildren();
    expect(takeShellSearch()).toBe('murals');
    expect(searchKeepsFocus()).toBe(true);
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

describe("shell handover: a part of the page's shell the app keeps on screen", () => {
  it('moves the kept element to where the app draws, then drops it', () => {
    const shell = document.createElement('div');
    shell.innerHTML = '<div id="part"><span>4000</span></div>';
    document.body.append(shell);
    keepShellElement('part');
    // The app draws over the shell: the element leaves the page, and comes back where asked.
    shell.remove();
    const frame = document.createElement('div');
    document.body.append(frame);
    adoptShellElement('part', frame);
    expect(frame.querySelector('#part')?.textContent).toBe('4000');
    const map = document.createElement('div');
    document.body.append(map);
    adoptShellElement('part', map);
    expect(frame.querySelector('#part')).toBeNull();
    expect(map.querySelector('#part')).not.toBeNull();
    dropShellElement('part');
    expect(document.getElementById('part')).toBeNull();
    // Once dropped, nothing comes back.
    adoptShellElement('part', map);
    expect(document.getElementById('part')).toBeNull();
    document.body.replaceChildren();
  });

  it('does nothing for a part the page did not have', () => {
    keepShellElement('missing');
    const frame = document.createElement('div');
    adoptShellElement('missing', frame);
    expect(frame.childElementCount).toBe(0);
  });
});
