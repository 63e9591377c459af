import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { TextAnswerForm } from '../src/shared/answers/components/text-answer-form';
import { ChoiceAnswerForm } from '../src/shared/answers/components/choice-answer-form';
import { PhotoAnswerForm } from '../src/shared/answers/components/photo-answer-form';
import { XSS_CORPUS, injected } from './xss-corpus';

const answerBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Your answer' });
const submit = () => screen.queryByRole('button', { name: 'Submit' }) as HTMLButtonElement | null;
const type = (value: string) => fireEvent.change(answerBox(), { target: { value } });

describe('number answer (SPEC §5)', () => {
  const setup = () => {
    const onSubmit = vi.fn();
    render(
      <TextAnswerForm
        type="NumberChallenge"
        answered={null}
        disabled={false}
        onSubmit={onSubmit}
      />,
    );
    return onSubmit;
  };

  it('shows Submit only once a value is entered', () => {
    setup();
    expect(answerBox().getAttribute('placeholder')).toBe('Enter a number');
    expect(submit()).toBeNull();
    type('1');
    expect(submit()!.disabled).toBe(false);
  });

  it.each(['12a', '-3', '1.5', 'twelve'])(
    '%s: "Answer must be a number", Submit disabled',
    (value) => {
      const onSubmit = setup();
      type(value);
      expect(screen.getByRole('alert').textContent).toBe('Answer must be a number');
      expect(answerBox().getAttribute('aria-invalid')).toBe('true');
      expect(submit()!.disabled).toBe(true);
      fireEvent.submit(answerBox().form!);
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('sends the digits, without surrounding spaces', () => {
    const onSubmit = setup();
    type(' 12 ');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(submit()!);
    expect(onSubmit).toHaveBeenCalledWith('12');
  });
});

describe('text answer (SPEC §5)', () => {
  it('shows Submit only with a non-empty value; its hint says Enter a number', () => {
    const onSubmit = vi.fn();
    render(
      <TextAnswerForm type="TextChallenge" answered={null} disabled={false} onSubmit={onSubmit} />,
    );
    expect(answerBox().getAttribute('placeholder')).toBe('Enter a number');
    type('   ');
    expect(submit()).toBeNull();
    type(' concrete ');
    fireEvent.click(submit()!);
    expect(onSubmit).toHaveBeenCalledWith('concrete');
  });

  it('is read only once answered, and shows the answer given', () => {
    render(
      <TextAnswerForm type="TextChallenge" answered="stone" disabled={false} onSubmit={vi.fn()} />,
    );
    expect((answerBox() as HTMLInputElement).value).toBe('stone');
    expect((answerBox() as HTMLInputElement).disabled).toBe(true);
    expect(submit()).toBeNull();
  });

  it('is disabled while saving or signed out', () => {
    render(<TextAnswerForm type="TextChallenge" answered={null} disabled onSubmit={vi.fn()} />);
    expect((answerBox() as HTMLInputElement).disabled).toBe(true);
  });

  it.each(XSS_CORPUS)('an answer text renders inert: %s', (text) => {
    const { container } = render(
      <TextAnswerForm type="TextChallenge" answered={text} disabled={false} onSubmit={vi.fn()} />,
    );
    expect((answerBox() as HTMLInputElement).value).toBe(text);
    expect(injected(container)).toEqual([]);
    expect((window as { __xss?: boolean }).__xss).toBeUndefined();
  });
});

describe('multiple choice (SPEC §5)', () => {
  const options = [
    { id: 11, challenge: 1, value: 'Five' },
    { id: 12, challenge: 1, value: 'Seven' },
    { id: 13, challenge: 1, value: 'Nine' },
  ];
  const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

  it('labels the options A to Z, picks one, can cancel it, then submits its id', () => {
    const onSubmit = vi.fn();
    const { container } = render(
      <ChoiceAnswerForm options={options} answered={null} disabled={false} onSubmit={onSubmit} />,
    );
    const letters = [...container.querySelectorAll('[aria-hidden="true"]')].map(
      (e) => e.textContent,
    );
    expect(letters).toEqual(['A', 'B', 'C']);
    expect(submit()!.disabled).toBe(true);
    fireEvent.click(radio('B: Seven'));
    expect(radio('B: Seven').checked).toBe(true);
    expect(submit()!.disabled).toBe(false);
    // The picked option again cancels the pick.
    fireEvent.click(radio('B: Seven'));
    expect(radio('B: Seven').checked).toBe(false);
    expect(submit()!.disabled).toBe(true);
    // So does Clear choice.
    fireEvent.click(radio('C: Nine'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear choice' }));
    expect(radio('C: Nine').checked).toBe(false);
    fireEvent.click(radio('A: Five'));
    fireEvent.click(submit()!);
    expect(onSubmit).toHaveBeenCalledWith('11');
  });

  it('shows the option given, with nothing left to change or send', () => {
    render(
      <ChoiceAnswerForm options={options} answered={13} disabled={false} onSubmit={vi.fn()} />,
    );
    expect(radio('C: Nine').checked).toBe(true);
    expect(radio('A: Five').matches(':disabled')).toBe(true);
    expect(submit()).toBeNull();
  });

  it('waits for its options', () => {
    render(
      <ChoiceAnswerForm options={undefined} answered={null} disabled={false} onSubmit={vi.fn()} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading the options');
  });
});

describe('photo (SPEC §5)', () => {
  it('offers camera and gallery, image files only; Submit only with a photo', () => {
    const { container } = render(
      <PhotoAnswerForm
        answered={null}
        answeredWithout={false}
        disabled={false}
        onSubmit={vi.fn()}
      />,
    );
    const inputs = [...container.querySelectorAll('input[type="file"]')] as HTMLInputElement[];
    expect(inputs.map((i) => [i.accept, i.getAttribute('capture')])).toEqual([
      ['image/*', 'environment'],
      ['image/*', null],
    ]);
    expect(inputs.every((i) => !i.multiple)).toBe(true);
    expect(screen.getByText('Take a photo')).toBeTruthy();
    expect(screen.getByText('Choose from gallery')).toBeTruthy();
    expect(submit()).toBeNull();
  });

  it('refuses a file that is not a picture, with a message', async () => {
    const { container } = render(
      <PhotoAnswerForm
        answered={null}
        answeredWithout={false}
        disabled={false}
        onSubmit={vi.fn()}
      />,
    );
    const input = container.querySelector('input[type="file"]')!;
    const file = new File(['not a picture'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/not a picture/);
    expect(container.querySelector('img')).toBeNull();
    expect(submit()).toBeNull();
  });

  it('shows the photo given in its frame, without Remove or Submit', () => {
    render(
      <PhotoAnswerForm
        answered="/media/answers/1/medium.jpg"
        answeredWithout
        disabled={false}
        onSubmit={vi.fn()}
      />,
    );
    const frame = screen.getByRole('figure');
    expect(within(frame).getByRole('img', { name: 'The photo you sent' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove the photo' })).toBeNull();
    expect(submit()).toBeNull();
  });
});
