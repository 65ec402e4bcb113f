import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { type createBrowserRouter, matchPath } from 'react-router';
import { dropPrefetched } from '@/lib/page-prefetch';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;
type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Resolves once the first page's code and loaders are done, so the first render is that page, not a spinner. */
function initialized(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const textFields = (root: ParentNode) =>
  [...root.querySelectorAll<TextField>('input[name], textarea[name]')].filter(
    (field) => !['checkbox', 'radio', 'file', 'hidden'].includes(field.type),
  );

/** Sets a field as typing does, so React's onChange (and the form library behind it) sees the value. */
function typeInto(field: TextField, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A press on the static page: a button (by its element) or Enter in a field. */
type Press = Element | 'enter';

declare global {
  interface Window {
    /** Presses recorded from the page's first paint by its boot script (apps/web/route-pages.ts, paint-first). */
    staticPagePresses?: Press[];
  }
}

function pressOf(event: Event): Press | null {
  if (event instanceof KeyboardEvent) {
    return event.key === 'Enter' && event.target instanceof HTMLInputElement ? 'enter' : null;
  }
  return event.target instanceof Element ? event.target.closest('button') : null;
}

/** The presses so far and from now until `stop`: the boot script's record, or one of our own where it has none. */
function recordPresses(container: HTMLElement): { presses: Press[]; stop: () => void } {
  if (window.staticPagePresses) return { presses: window.staticPagePresses, stop: () => {} };
  const presses: Press[] = [];
  const record = (event: Event) => {
    const press = pressOf(event);
    if (press) presses.push(press);
  };
  container.addEventListener('click', record, true);
  container.addEventListener('keydown', record, true);
  return {
    presses,
    stop: () => {
      container.removeEventListener('click', record, true);
      container.removeEventListener('keydown', record, true);
    },
  };
}

/** Resolves once React has replaced the static markup with its own (it clears the container as it first commits). */
function replaced(container: HTMLElement): Promise<void> {
  const frame = [...container.childNodes];
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (frame.some((node) => container.contains(node))) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { childList: true });
  });
}

/**
 * The page's markup is only its frame (the signed-in shell, apps/web/route-pages.ts): the app draws the page itself
 * over it, and nothing carries over (the frame's buttons are inert). Drawn as a transition: React renders in slices
 * with the frame on screen, so a slow phone stays responsive meanwhile, and swaps the frame out in one commit.
 */
async function drawOverFrame(container: HTMLElement, render: () => void) {
  const done = replaced(container);
  startTransition(render);
  await done;
  container.removeAttribute('data-static-page');
  container.removeAttribute('data-static-frame');
  // The page's first load is over: what it asked for early and the app did not take is not reused later.
  dropPrefetched();
}

/**
 * The server sent this page prerendered (apps/web/route-pages.ts): the visitor sees it, and may type into it,
 * before the app's code has arrived. The app renders over it once its first page is ready, with the same
 * markup, and what the visitor did meanwhile carries over: the typed values, the buttons pressed (the
 * checkout's quantity steppers), the focused field and its caret, and a submit (a press on the static submit
 * button, which is a plain button, or Enter in a field).
 */
export async function takeOverStaticPage(container: HTMLElement, router: Router, render: () => void) {
  const staticRoute = container.getAttribute('data-static-page') ?? '';
  if (container.hasAttribute('data-static-frame')) {
    await initialized(router);
    await drawOverFrame(container, render);
    return;
  }
  const { presses, stop } = recordPresses(container);
  await initialized(router);
  stop();
  const isSubmit = (press: Press) => press === 'enter' || press.hasAttribute('data-static-submit');
  const submitted = presses.some(isSubmit);
  // Buttons by their place among the page's buttons: the app renders the same markup, so the same place holds
  // the same button.
  const buttons = [...container.querySelectorAll('button')];
  const pressed = presses
    .filter((press): press is Element => !isSubmit(press))
    .map((button) => buttons.indexOf(button as HTMLButtonElement))
    .filter((index) => index >= 0);

  const typed = textFields(container)
    .filter((field) => field.value !== '')
    .map((field) => ({ name: field.name, value: field.value }));
  const active = document.activeElement;
  const focused =
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    container.contains(active)
      ? { name: active.name, start: active.selectionStart, end: active.selectionEnd }
      : null;

  flushSync(render);
  container.removeAttribute('data-static-page');
  // A signed-in visitor of /signin went on to the dashboard: nothing typed there belongs anywhere else.
  if (!matchPath(staticRoute, router.state.location.pathname)) return;

  const fieldNamed = (name: string) => textFields(container).find((field) => field.name === name);
  for (const { name, value } of typed) {
    const field = fieldNamed(name);
    if (field) typeInto(field, value);
  }
  for (const index of pressed) container.querySelectorAll('button')[index]?.click();
  if (focused) {
    const field = fieldNamed(focused.name);
    field?.focus();
    if (field && focused.start !== null) field.setSelectionRange(focused.start, focused.end);
  }
  if (submitted) container.querySelector('form')?.requestSubmit();
}
