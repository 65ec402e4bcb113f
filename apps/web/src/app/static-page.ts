import { flushSync } from 'react-dom';
import { type createBrowserRouter, matchPath } from 'react-router';

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

/**
 * The server sent this page prerendered (apps/web/route-pages.ts): the visitor sees it, and may type into it,
 * before the app's code has arrived. The app renders over it once its first page is ready, with the same
 * markup, and what the visitor did meanwhile carries over: the typed values, the focused field and its caret,
 * and a submit (a click on the static submit button, which is a plain button, or Enter in a field).
 */
export async function takeOverStaticPage(container: HTMLElement, router: Router, render: () => void) {
  const staticRoute = container.getAttribute('data-static-page') ?? '';
  let submitted = false;
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('[data-static-submit]')) submitted = true;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) submitted = true;
  };
  container.addEventListener('click', onClick, true);
  container.addEventListener('keydown', onKeyDown, true);
  await initialized(router);
  container.removeEventListener('click', onClick, true);
  container.removeEventListener('keydown', onKeyDown, true);

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
  if (focused) {
    const field = fieldNamed(focused.name);
    field?.focus();
    if (field && focused.start !== null) field.setSelectionRange(focused.start, focused.end);
  }
  if (submitted) container.querySelector('form')?.requestSubmit();
}
