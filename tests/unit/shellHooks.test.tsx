import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerLayoutFor } from '../../src/layout/useHeaderLayout';
import { useUnsavedChangesGuard } from '../../src/ui/useUnsavedChangesGuard';
import { renderInAdmin } from './support/renderInAdmin';

describe('header layout (spec 1 §2.4)', () => {
  it('switches at 1000, 1240 and 1580 px', () => {
    expect(headerLayoutFor(375)).toBe('mobile');
    expect(headerLayoutFor(999)).toBe('mobile');
    expect(headerLayoutFor(1000)).toBe('tablet');
    expect(headerLayoutFor(1239)).toBe('tablet');
    expect(headerLayoutFor(1240)).toBe('laptop');
    expect(headerLayoutFor(1579)).toBe('laptop');
    expect(headerLayoutFor(1580)).toBe('full');
    expect(headerLayoutFor(1920)).toBe('full');
  });
});

function Editor() {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  useUnsavedChangesGuard(dirty);
  return (
    <>
      <button onClick={() => setDirty(true)}>edit</button>
      <button onClick={() => navigate('/elsewhere')}>leave</button>
    </>
  );
}

describe('unsaved-changes guard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks before leaving a page with changes, and stays when refused', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = await renderInAdmin(<Editor />, { path: '/form' });
    fireEvent.click(await screen.findByText('edit'));
    fireEvent.click(screen.getByText('leave'));
    await act(async () => undefined);
    expect(confirm).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/form');

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByText('leave'));
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('lets the browser warn on tab close while there are changes', async () => {
    await renderInAdmin(<Editor />, { path: '/form' });
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    fireEvent.click(await screen.findByText('edit'));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });

  it('leaves without asking when nothing changed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { router } = await renderInAdmin(<Editor />, { path: '/form' });
    fireEvent.click(await screen.findByText('leave'));
    await act(async () => undefined);
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});
