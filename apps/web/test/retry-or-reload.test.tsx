import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CLIENT_MESSAGES } from '@earshot/core';
import { GuideLoadError } from '../src/app/routes/guide-load-error';
import { ApiError, incompatibleAnswer, NO_ANSWER } from '../src/shared/api/client';

afterEach(cleanup);

describe('a guide that did not load', () => {
  it('offers Reload, not Retry, when its answer was in a form the app cannot read', () => {
    const retry = vi.fn();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      reload,
    });
    render(<GuideLoadError error={incompatibleAnswer()} retry={retry} />);
    expect(screen.getByText('A new version of Earshot is available. Reload to update.'));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(retry).not.toHaveBeenCalled();
  });

  it('offers Retry when no answer came', () => {
    const retry = vi.fn();
    render(
      <GuideLoadError error={new ApiError(NO_ANSWER, CLIENT_MESSAGES.offline)} retry={retry} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
