// One Lighthouse run of one page: a fresh headless Chromium (cold cache), mobile, default (simulated) throttling.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Credentials } from './server.ts';
import { type MainThreadCpu, mainThreadCpu } from './trace-cpu.ts';
import { type ProtocolEvent, type WaterfallRow, waterfallOf } from './waterfall.ts';

export const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox'];

/** Scripts whose unused bytes Lighthouse reports (it lists those over 20 KiB). */
interface UnusedScript {
  url: string;
  totalBytes: number;
  wastedBytes: number;
}

export interface RunMetrics {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Everything transferred over the network, compressed as it came. */
  transferredBytes: number;
  scriptBytes: number;
  requests: number;
  unusedJavaScript: UnusedScript[];
  /** Hosts other than the server's own that the page called (fonts, analytics, CDNs): none expected. */
  thirdPartyHosts: string[];
  /** What Lighthouse warned about (e.g. the page did not settle). */
  warnings: string[];
  lighthouseVersion: string;
  benchmarkIndex: number;
  /** Every request in the order it started, with what started it (observed, unthrottled). */
  waterfall: WaterfallRow[];
  /** Main-thread time by script (Lighthouse's bootup-time, under its CPU throttling), the costliest first. */
  scriptTime: ScriptTime[];
  /** Main-thread time by kind of work (script evaluation, style and layout, parse and compile...). */
  mainThread: { group: string; ms: number }[];
  /** The page's main-thread tasks, wall against CPU time (from the trace, unthrottled). */
  mainThreadCpu: MainThreadCpu;
}

interface ScriptTime {
  url: string;
  totalMs: number;
  scriptingMs: number;
  parseCompileMs: number;
}

export interface Run {
  metrics: RunMetrics;
  /** Lighthouse's whole report (JSON), for --keep-reports. */
  report: string;
  /** The performance trace Lighthouse recorded (Chromium's trace event format), for --keep-reports. */
  trace: unknown;
}

interface BootupItem {
  url: string;
  total: number;
  scripting: number;
  scriptParseCompile: number;
}

interface BreakdownItem {
  group: string;
  groupLabel?: string;
  duration: number;
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

/** Local storage as the web app keeps a session, written before Lighthouse loads the page (no asset is cached). */
async function storeSession(port: number, origin: string, credentials: Credentials): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health`);
    // The browser's own local storage, reached through the protocol: bench/ compiles without the DOM types.
    const session = await page.createCDPSession();
    await session.send('DOMStorage.setDOMStorageItem', {
      storageId: { securityOrigin: origin, isLocalStorage: true },
      key: 'credentials',
      value: JSON.stringify(credentials),
    });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Lighthouse's own failures to record a trace (NO_NAVSTART, NO_FCP under load): the run is made again. */
const RETRIED_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

export async function runLighthouse(url: string, credentials: Credentials | null, attempt = 1): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const origin = new URL(url).origin;
    if (credentials) await storeSession(chrome.port, origin, credentials);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Lighthouse would clear the origin's storage (the session with it) before loading; the browser is new
      // for every run, so its cache is cold either way.
      disableStorageReset: credentials !== null,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      if (attempt < 3 && RETRIED_RUNTIME_ERRORS.has(lhr.runtimeError.code)) {
        await chrome.kill();
        return runLighthouse(url, credentials, attempt + 1);
      }
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    const audit = (id: string) => lhr.audits[id];
    const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
    const network = ((audit('network-requests')?.details as { items?: NetworkItem[] } | undefined)?.items ??
      []) as NetworkItem[];
    const unused = ((audit('unused-javascript')?.details as { items?: UnusedScript[] } | undefined)?.items ??
      []) as UnusedScript[];
    const bootup = ((audit('bootup-time')?.details as { items?: BootupItem[] } | undefined)?.items ??
      []) as BootupItem[];
    const breakdown = ((
      audit('mainthread-work-breakdown')?.details as { items?: BreakdownItem[] } | undefined
    )?.items ?? []) as BreakdownItem[];
    const hosts = new Set(
      network
        .map((item) => item.url)
        .filter((address) => /^https?:/.test(address))
        .map((address) => new URL(address).origin)
        .filter((other) => other !== origin),
    );
    const metrics: RunMetrics = {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndexMs: numeric('speed-index'),
      transferredBytes: numeric('total-byte-weight'),
      scriptBytes: network
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      requests: network.length,
      unusedJavaScript: unused.map(({ url: address, totalBytes, wastedBytes }) => ({
        url: address,
        totalBytes,
        wastedBytes,
      })),
      thirdPartyHosts: [...hosts],
      warnings: lhr.runWarnings,
      lighthouseVersion: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      waterfall: waterfallOf(result.artifacts.DevtoolsLog as unknown as ProtocolEvent[], url),
      scriptTime: bootup.map((item) => ({
        url: item.url,
        totalMs: item.total,
        scriptingMs: item.scripting,
        parseCompileMs: item.scriptParseCompile,
      })),
      mainThread: breakdown.map((item) => ({ group: item.groupLabel ?? item.group, ms: item.duration })),
      mainThreadCpu: mainThreadCpu(result.artifacts.Trace as unknown as Parameters<typeof mainThreadCpu>[0]),
    };
    return { metrics, report: JSON.stringify(lhr), trace: result.artifacts.Trace };
  } finally {
    chrome.kill();
  }
}
