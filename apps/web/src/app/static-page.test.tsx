import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import type { createBrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverStaticPage } from './static-page';

type Router = ReturnType<typeof createBrowserRouter>;
type RouterState = Router['state'];
type Listener = Parameters<Router['subscribe']>[0];

/** A stand-in for the app's router: not initialized until the test says its first page is ready. */
function fakeRouter(pathname: string) {
  const listeners = new Set<Listener>();
  const router = {
    state: { initialized: false, location: { pathname } } as RouterState,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  const ready = () => {
    router.state = { ...router.state, initialized: true };
    for (const listener of [...listeners]) {
      listener(router.state, {
        deletedFetchers: [],
        newErrors: null,
        viewTransitionOpts: undefined,
        flushSync: false,
      });
    }
  };
  return { router, ready };
}

interface Values {
  email: string;
  password: string;
}

/** Built like the sign-in form: react-hook-form, uncontrolled fields with empty defaults, a submit button. */
function Form({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { register, handleSubmit } = useForm<Values>({ defaultValues: { email: '', password: '' } });
  const [seats, setSeats] = useState(1);
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign in">
      <button type="button" onClick={() => setSeats((count) => count + 1)}>
        Add a seat
      </button>
      <output aria-label="Seats">{seats}</output>
      <input aria-label="Email" type="email" {...register('email')} />
      <input aria-label="Password" type="password" {...register('password')} />
      <button type="submit">Sign in</button>
    </form>
  );
}

/** The page as route-pages.ts writes it: prerendered markup, its submit button a plain one. */
function staticPage(route: string): HTMLElement {
  const container = document.createElement('div');
  container.setAttribute('data-static-page', route);
  container.innerHTML = renderToString(<Form onSubmit={() => {}} />).replaceAll(
    'type="submit"',
    'type="button" data-static-submit=""',
  );
  document.body.append(container);
  return container;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function takeOver(container: HTMLElement, pathname: string, onSubmit: (values: Values) => void) {
  const { router, ready } = fakeRouter(pathname);
  const app = createRoot(container);
  root = app;
  const render = vi.fn(() => app.render(<Form onSubmit={onSubmit} />));
  const done = takeOverStaticPage(container, router, render);
  return { render, done, ready };
}

const field = (container: HTMLElement, label: string) =>
  container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`) as HTMLInputElement;

describe('takeOverStaticPage', () => {
  it('keeps the static page until the first page is ready, then carries over what was typed and focused', async () => {
    const container = staticPage('/signin');
    const onSubmit = vi.fn();
    const { render, done, ready } = takeOver(container, '/signin', onSubmit);
    const user = userEvent.setup();
    await user.type(field(container, 'Email'), 'ada@business.com');
    await user.type(field(container, 'Password'), 'Secret!2026');
    expect(render).not.toHaveBeenCalled();

    await act(async () => {
      ready();
      await done;
    });
    expect(render).toHaveBeenCalledOnce();
    expect(container.hasAttribute('data-static-page')).toBe(false);
    expect(field(container, 'Email').value).toBe('ada@business.com');
    expect(document.activeElement).toBe(field(container, 'Password'));
    expect(onSubmit).not.toHaveBeenCalled();

    // The form library holds the carried-over values, not just the fields.
    await user.click(container.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(onSubmit).toHaveBeenCalledWith(
      { email: 'ada@business.com', password: 'Secret!2026' },
      expect.anything(),
    );
  });

  it('replays a submit pressed before the app took over, and never submits the static form itself', async () => {
    const container = staticPage('/signin');
    const nativeSubmit = vi.fn((event: Event) => event.preventDefault());
    container.addEventListener('submit', nativeSubmit);
    const onSubmit = vi.fn();
    const { done, ready } = takeOver(container, '/signin', onSubmit);
    const user = userEvent.setup();
    await user.type(field(container, 'Email'), 'ada@business.com');
    await user.click(container.querySelector('[data-static-submit]') as HTMLButtonElement);
    expect(nativeSubmit).not.toHaveBeenCalled();

    await act(async () => {
      ready();
      await done;
    });
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'ada@business.com', password: '' });
  });

  it('presses again the buttons pressed before the app took over', async () => {
    const container = staticPage('/signin');
    const { done, ready } = takeOver(container, '/signin', vi.fn());
    const user = userEvent.setup();
    const addSeat = () =>
      [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add a seat');
    await user.click(addSeat() as HTMLButtonElement);
    await user.click(addSeat() as HTMLButtonElement);
    expect(container.querySelector('output')?.textContent).toBe('1');

    await act(async () => {
      ready();
      await done;
    });
    expect(container.querySelector('output')?.textContent).toBe('3');
  });

  it("replays the presses the page's boot script recorded before the app's code ran", async () => {
    const container = staticPage('/signin');
    const addSeat = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add a seat');
    const submit = container.querySelector('[data-static-submit]');
    window.staticPagePresses = [addSeat as Element, submit as Element];
    const onSubmit = vi.fn();
    try {
      const { done, ready } = takeOver(container, '/signin', onSubmit);
      await act(async () => {
        ready();
        await done;
      });
      expect(container.querySelector('output')?.textContent).toBe('2');
      await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    } finally {
      window.staticPagePresses = undefined;
    }
  });

  it('carries nothing over when the first page is another route (a signed-in visitor sent on)', async () => {
    const container = staticPage('/signin');
    const onSubmit = vi.fn();
    const { done, ready } = takeOver(container, '/dashboard/recents', onSubmit);
    const user = userEvent.setup();
    await user.type(field(container, 'Email'), 'ada@business.com');
    await user.click(container.querySelector('[data-static-submit]') as HTMLButtonElement);

    await act(async () => {
      ready();
      await done;
    });
    expect(field(container, 'Email').value).toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("draws the app's page over a frame, carrying nothing pressed on it over, and forgets the page's early requests", async () => {
    // The signed-in shell as /dashboard's page paints it: a frame of the page, with a button of its own.
    const container = staticPage('/dashboard');
    container.setAttribute('data-static-frame', '');
    const frame = container.firstElementChild;
    const early = { path: '/api/health', token: null, response: Promise.resolve(new Response('{}')) };
    window.pagePrefetch = [early];
    const onSubmit = vi.fn();
    const { render, done, ready } = takeOver(container, '/dashboard/recents', onSubmit);
    const user = userEvent.setup();
    const addSeat = () =>
      [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add a seat');
    await user.click(addSeat() as HTMLButtonElement);
    expect(render).not.toHaveBeenCalled();

    // Rendered as a transition: React's test scope draws it when the scope ends.
    await act(async () => ready());
    await done;
    expect(render).toHaveBeenCalledOnce();
    expect(container.contains(frame)).toBe(false);
    expect(container.querySelector('output')?.textContent).toBe('1');
    expect(container.hasAttribute('data-static-page')).toBe(false);
    expect(container.hasAttribute('data-static-frame')).toBe(false);
    expect(window.pagePrefetch).toBeUndefined();
  });
});
