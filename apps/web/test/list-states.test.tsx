import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { GuideListScreen } from '../src/features/guides/components/guide-list-screen';
import LargeList from '../src/features/guides/components/large-list';
import { useGuideList, type ListScope } from '../src/features/guides/store';
import { guide } from './fixtures';
import { renderWith } from './render';

// The small list and the large catalogue's paged list show one empty state and one failed
// state (list-states.tsx): the same texts and the same markup, whichever list the server's
// catalogue size picks.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const respond = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(status, body)));

const small = (scope?: ListScope) =>
  renderWith(<GuideListScreen heading="Guides" scope={scope} onOpen={() => {}} />);
const large = (scope?: ListScope) =>
  renderWith(
    <LargeList
      heading="Guides"
      scope={scope}
      showAlphabet={false}
      onOpen={() => {}}
      first={[]}
      headers={new Headers({ 'x-total-count': '0' })}
    />,
  );

/**
 * The state's whole markup, found by its heading, after the list's count line (empty: no
 * placeholder waits for a count that is not coming).
 */
async function stateOf(title: string) {
  const state = (await screen.findByRole('heading', { name: title }, { timeout: 5000 })).closest(
    'section',
  )!;
  const count = screen.getByText('Put your headphones in and go.').nextElementSibling!;
  expect(count.innerHTML).toBe('');
  return count.outerHTML + state.outerHTML;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  act(() => useGuideList.getState().reset());
});

// The states wait on the lazy list, queries and a retry: roomy on a busy machine.
describe('the guide lists’ empty and failed states', { timeout: 20_000 }, () => {
  it.each([
    [{ kind: 'city', value: 'atlantis' } as const, 'No guides in atlantis yet'],
    [undefined, 'No guides yet'],
  ])('empty (%j): one markup for both lists', async (scope, title) => {
    respond(200, []);
    small(scope);
    const fromSmall = await stateOf(title);
    cleanup();
    large(scope);
    const fromLarge = await stateOf(title);
    expect(fromLarge).toBe(fromSmall);
    expect(screen.getByText('it will appear in this list.', { exact: false })).toBeTruthy();
    if (scope)
      expect(screen.getByRole('link', { name: 'See all guides' }).getAttribute('href')).toBe('/');
    else expect(screen.queryByRole('link', { name: 'See all guides' })).toBeNull();
  });

  it('failed: one markup for both lists, and Retry loads again', async () => {
    respond(500, { message: 'Internal Server Error' });
    small();
    const fromSmall = await stateOf('Guides could not be loaded');
    cleanup();
    const fetch = respond(500, { message: 'Internal Server Error' });
    large({ kind: 'city', value: 'portland' });
    const fromLarge = await stateOf('Guides could not be loaded');
    expect(fromLarge).toBe(fromSmall);
    expect(fromLarge).toContain('Internal Server Error');
    // Retry asks again: the city's list now loads.
    fetch.mockImplementation((input) =>
      Promise.resolve(
        String(input).includes('cities')
          ? json(200, [{ id: 7, name: 'Portland', state: 'Oregon' }])
          : json(200, {
              guides: [guide(1, 'River Walk', 'Portland', 'Oregon')],
              next: null,
              total: 1,
            }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('button', { name: 'River Walk' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
