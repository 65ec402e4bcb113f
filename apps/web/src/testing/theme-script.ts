import indexHtml from '../../index.html?raw';

function themeScript(): string {
  const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1];
  if (!script) throw new Error('index.html has no inline theme script');
  return script;
}

/** The system's colour scheme as the script sees it through matchMedia, changed by the test. */
class SystemScheme extends EventTarget {
  matches: boolean;
  constructor(dark: boolean) {
    super();
    this.matches = dark;
  }
  set(dark: boolean) {
    this.matches = dark;
    this.dispatchEvent(new Event('change'));
  }
}

/**
 * Runs index.html's own theme script as a page load does, with the system set to dark or light; `system.set`
 * changes it later. Call `unload` at the end of the test: the script's listeners go with the page.
 */
export function loadThemeScript({ systemDark }: { systemDark: boolean }) {
  const system = new SystemScheme(systemDark);
  const listeners: [string, EventListener][] = [];
  const addEventListener = (type: string, listener: EventListener) => {
    listeners.push([type, listener]);
    window.addEventListener(type, listener);
  };
  new Function('matchMedia', 'addEventListener', themeScript())(() => system, addEventListener);
  return {
    system,
    unload: () => {
      for (const [type, listener] of listeners) window.removeEventListener(type, listener);
      document.documentElement.classList.remove('dark');
    },
  };
}
