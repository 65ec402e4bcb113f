import Bowser from 'bowser';

/**
 * A User-Agent header as a person reads it: "Chrome on Linux", "Safari on iOS"; null when it names no browser or
 * system. The raw header is never shown: it is long, cryptic and written by whoever sent the request.
 */
// Bowser names an unknown client by the header's first word: only names it knows are shown.
const KNOWN_BROWSERS = new Set<string>(Object.values(Bowser.BROWSER_MAP));

export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parser = Bowser.getParser(userAgent);
  const name = parser.getBrowserName();
  const browser = KNOWN_BROWSERS.has(name) ? name : '';
  const system = parser.getOSName();
  if (browser && system) return `${browser} on ${system}`;
  return browser || (system ? `a device on ${system}` : null);
}
