/**
 * A screen rendered to HTML on the server, made safe to show before the app's code runs: a submit button becomes
 * a plain button, so a press before the app has loaded never submits the form natively (it would put what was
 * typed in the address; static-page.ts replays it), and React's <title> goes, since static HTML has no step that
 * moves it into the head.
 */
export function toStaticMarkup(markup: string): string {
  return markup
    .replaceAll('type="submit"', 'type="button" data-static-submit=""')
    .replace(/<title>[^<]*<\/title>/g, '');
}
