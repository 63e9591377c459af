import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { draftProblems, emptyDraft, type GuideBundleInput } from '@earshot/core';
import { GuideSection } from '../../src/features/studio/editor/guide-section';

function Harness({ start }: { start: GuideBundleInput }) {
  const [draft, setDraft] = useState(start);
  return (
    <MemoryRouter>
      <GuideSection
        draft={draft}
        onChange={setDraft}
        problems={draftProblems(draft)}
        guideToken="g"
      />
    </MemoryRouter>
  );
}

describe('GuideSection', () => {
  it('shows the importer’s problem at its field as the publisher types, and clears it', () => {
    render(
      <Harness
        start={emptyDraft({ token: 'g', title: 'Walk', city: { name: 'A', state: 'B' } })}
      />,
    );
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(title, { target: { value: '' } });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(title.getAttribute('aria-describedby')!);
    expect(error?.textContent).toBe('This field is required.');
    fireEvent.change(title, { target: { value: 'Walk again' } });
    expect(title.getAttribute('aria-invalid')).toBeNull();
  });

  it('a language code that is not one names its problem at the code', () => {
    render(
      <Harness
        start={emptyDraft({ token: 'g', title: 'Walk', city: { name: 'A', state: 'B' } })}
      />,
    );
    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: 'English' } });
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('a language code such as "en" or "pt-BR"')).toBeTruthy();
  });

  it('a layer colour that is not hex is refused at its field', () => {
    render(
      <Harness
        start={emptyDraft({ token: 'g', title: 'Walk', city: { name: 'A', state: 'B' } })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a layer' }));
    fireEvent.change(
      screen.getByLabelText('Name', { selector: '[data-path="$.layers[0].name"]' }),
      {
        target: { value: 'Murals' },
      },
    );
    const colour = screen.getByLabelText('Colour (hex)');
    fireEvent.change(colour, { target: { value: 'red' } });
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(colour, { target: { value: '#aa3300' } });
    expect(colour.getAttribute('aria-invalid')).toBeNull();
  });
});
