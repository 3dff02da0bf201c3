import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProviderContext, useWarnWhenUnsavedChanges } from 'ra-core';
import { useEffect, useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRouter } from '../../src/app/router/AppRouter';
import { appRouterProvider } from '../../src/app/router/raRouterProvider';
import { useNavigationBlocker } from '../../src/app/router/useNavigationBlocker';
import './support/cleanup';

/** Where the app is: the rendered location, which a blocked navigation must not change. */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function Editor() {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  const blocker = useNavigationBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  return (
    <>
      <Where />
      <output data-testid="blocker">{blocker.state === 'blocked' ? `blocked ${blocker.location.pathname}` : blocker.state}</output>
      <button onClick={() => setDirty(true)}>edit</button>
      <button onClick={() => navigate('/elsewhere')}>leave</button>
      <button onClick={() => navigate('/form?tab=2', { replace: true })}>same page</button>
      <button onClick={() => blocker.proceed?.()}>proceed</button>
      <button onClick={() => blocker.reset?.()}>stay</button>
    </>
  );
}

const where = () => screen.getByTestId('where').textContent;
const blockerState = () => screen.getByTestId('blocker').textContent;
/** The browser's back button: jsdom fires popstate in a later task. */
async function back() {
  await act(async () => {
    window.history.back();
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe('AppRouter: navigation blocking without the data router (spec 1 §2.4)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/form'));
  afterEach(() => vi.restoreAllMocks());

  it('lets navigations through while the page has nothing to keep', async () => {
    render(<AppRouter><Editor /></AppRouter>);
    fireEvent.click(screen.getByText('leave'));
    await act(async () => undefined);
    expect(where()).toBe('/elsewhere');
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('holds a link or navigate() while the page says so: reset stays, proceed goes', async () => {
    render(<AppRouter><Editor /></AppRouter>);
    fireEvent.click(screen.getByText('edit'));
    fireEvent.click(screen.getByText('leave'));
    await act(async () => undefined);
    expect(blockerState()).toBe('blocked /elsewhere');
    expect(where()).toBe('/form');
    expect(window.location.pathname).toBe('/form');

    fireEvent.click(screen.getByText('stay'));
    await act(async () => undefined);
    expect(blockerState()).toBe('unblocked');
    expect(where()).toBe('/form');

    // the predicate decides: a change within the page passes
    fireEvent.click(screen.getByText('same page'));
    await act(async () => undefined);
    expect(window.location.search).toBe('?tab=2');
    expect(blockerState()).toBe('unblocked');

    fireEvent.click(screen.getByText('leave'));
    await act(async () => undefined);
    fireEvent.click(screen.getByText('proceed'));
    await act(async () => undefined);
    expect(where()).toBe('/elsewhere');
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('holds the back button: the browser returns to the page until the reader proceeds', async () => {
    render(<AppRouter><Editor /></AppRouter>);
    fireEvent.click(screen.getByText('leave'));
    await act(async () => undefined);
    await back();
    expect(where()).toBe('/form');
    fireEvent.click(screen.getByText('edit'));
    // forward to /elsewhere is held too: the browser is stepped back to /form
    await act(async () => {
      window.history.forward();
      await new Promise((r) => setTimeout(r, 20));
    });
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(blockerState()).toBe('blocked /elsewhere');
    expect(where()).toBe('/form');
    expect(window.location.pathname).toBe('/form');

    fireEvent.click(screen.getByText('proceed'));
    await act(async () => new Promise((r) => setTimeout(r, 40)));
    expect(window.location.pathname).toBe('/elsewhere');
    expect(where()).toBe('/elsewhere');
    expect(blockerState()).toBe('unblocked');
  });

  it('a back step held and let go at once ends where it was going (saving a code-question slide)', async () => {
    window.history.replaceState(null, '', '/list');
    window.history.pushState(null, '', '/form');
    render(<AppRouter><SaveGoesBack /></AppRouter>);
    expect(where()).toBe('/form');
    fireEvent.click(screen.getByText('save'));
    for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(window.location.pathname).toBe('/list');
    expect(where()).toBe('/list');
  });
});

/** A form whose save goes back one step and lets go once it has succeeded (react-admin's form after a save). */
function SaveGoesBack() {
  const [saved, setSaved] = useState(false);
  const navigate = useNavigate();
  const blocker = useNavigationBlocker(() => !saved);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (saved) blocker.proceed();
    else setSaved(true); // the save's answer arrives while the step back is held
  }, [blocker, saved]);
  return (
    <>
      <Where />
      <button onClick={() => navigate(-1)}>save</button>
    </>
  );
}

function RaForm() {
  const { register, control } = useForm<FieldValues>({ defaultValues: { title: '' } });
  useWarnWhenUnsavedChanges(true, undefined, control);
  const navigate = useNavigate();
  return (
    <>
      <Where />
      <input aria-label="title" {...register('title')} />
      <button onClick={() => navigate('/elsewhere')}>leave</button>
    </>
  );
}

describe("react-admin's unsaved-changes warning through the app's router adapter", () => {
  beforeEach(() => window.history.replaceState(null, '', '/form'));
  afterEach(() => vi.restoreAllMocks());

  it('asks before a form with changes is left, and stays when refused', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    render(
      <AppRouter>
        <RouterProviderContext.Provider value={appRouterProvider}>
          <RaForm />
        </RouterProviderContext.Provider>
      </AppRouter>,
    );
    fireEvent.change(screen.getByLabelText('title'), { target: { value: 'Новое' } });
    await act(async () => undefined);
    fireEvent.click(screen.getByText('leave'));
    await act(async () => undefined);
    expect(confirm).toHaveBeenCalledOnce();
    expect(where()).toBe('/form');

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByText('leave'));
    await act(async () => undefined);
    expect(where()).toBe('/elsewhere');
  });
});
