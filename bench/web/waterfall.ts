// A page load's requests in the order they started, each with what started it: what is chained after what. Read from
// the DevTools protocol log Lighthouse recorded (Network.requestWillBeSent's initiator), as observed on the machine,
// without Lighthouse's simulated throttling.

/** One DevTools protocol event as Lighthouse records it. */
export interface ProtocolEvent {
  method: string;
  params: Record<string, unknown>;
}

export interface WaterfallRow {
  /** Path and query on the server (every request goes to it). */
  path: string;
  /** Chromium's resource type: Document, Stylesheet, Script, Fetch, ... */
  type: string;
  /** What asked for it: `HTML` (the page's markup), `inline script` (a script in the page), or a script's path. */
  startedBy: string;
  /** Requests between the page and this one (the page is 0, what its HTML names is 1). */
  depth: number;
  /** Milliseconds after the page was requested. */
  startMs: number;
  endMs: number;
  transferBytes: number;
}

interface Initiator {
  type?: string;
  url?: string;
  stack?: CallStack;
}

interface CallStack {
  callFrames?: { url?: string }[];
  parent?: CallStack;
}

/** The innermost script on the initiator's stack that has an address. */
function stackUrl(stack: CallStack | undefined): string | undefined {
  for (let current = stack; current; current = current.parent) {
    const frame = current.callFrames?.find((candidate) => candidate.url);
    if (frame?.url) return frame.url;
  }
  return undefined;
}

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

export function waterfallOf(log: ProtocolEvent[], pageUrl: string): WaterfallRow[] {
  interface Request {
    url: string;
    type: string;
    initiator: Initiator;
    start: number;
    end?: number;
    bytes: number;
  }
  const requests = new Map<string, Request>();
  for (const { method, params } of log) {
    const id = String(params.requestId ?? '');
    if (method === 'Network.requestWillBeSent') {
      const request = params.request as { url: string };
      if (!/^https?:/.test(request.url) || requests.has(id)) continue;
      requests.set(id, {
        url: request.url,
        type: String(params.type ?? 'Other'),
        initiator: (params.initiator ?? {}) as Initiator,
        start: Number(params.timestamp),
        bytes: 0,
      });
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      const request = requests.get(id);
      if (!request) continue;
      request.end = Number(params.timestamp);
      request.bytes = Number(params.encodedDataLength ?? 0);
    }
  }
  const all = [...requests.values()].sort((a, b) => a.start - b.start);
  const page = all.find((request) => request.type === 'Document' && request.url === pageUrl) ?? all[0];
  if (!page) return [];
  const firstBy = new Map<string, Request>();
  for (const request of all) if (!firstBy.has(request.url)) firstBy.set(request.url, request);
  const depths = new Map<Request, number>([[page, 0]]);
  /** The script that finished last before this request started: the one that can have added its link. */
  const lastScriptBefore = (request: Request) =>
    all
      .filter((other) => other.type === 'Script' && other.end !== undefined && other.end <= request.start)
      .sort((a, b) => (b.end ?? 0) - (a.end ?? 0))[0];
  const startedBy = (request: Request) => {
    const url = request.initiator.url ?? stackUrl(request.initiator.stack);
    if (request.initiator.type === 'parser' && (!url || url === page.url)) return { label: 'HTML', by: page };
    if (url === page.url) return { label: 'inline script', by: page };
    // Chromium names no script for a <link rel=modulepreload> a script added (the page's boot script, Vite's
    // preloading): its depth is taken from the script that finished last before it started.
    if (url === 'about:client') return { label: 'link a script added', by: lastScriptBefore(request) };
    if (url) return { label: pathOf(url), by: firstBy.get(url) };
    return { label: request.initiator.type ?? 'other', by: undefined };
  };
  return all
    .filter((request) => request.start >= page.start)
    .map((request) => {
      const { label, by } = request === page ? { label: 'navigation', by: undefined } : startedBy(request);
      const depth = request === page ? 0 : (depths.get(by as Request) ?? 0) + 1;
      depths.set(request, depth);
      return {
        path: pathOf(request.url),
        type: request.type,
        startedBy: label,
        depth,
        startMs: (request.start - page.start) * 1000,
        endMs: ((request.end ?? request.start) - page.start) * 1000,
        transferBytes: request.bytes,
      };
    });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => Math.round(value).toString();

/**
 * The waterfall as a table: each request on a row of its own, but scripts one after another that share their depth
 * and what started them (a page's preloaded chunks) on one row with their count, first start, last end and bytes.
 */
export function waterfallTable(rows: WaterfallRow[]): string[] {
  const lines = [
    '| depth | request | started by | starts ms | ends ms | kB |',
    '|---:|---|---|---:|---:|---:|',
  ];
  const groups: WaterfallRow[][] = [];
  for (const row of rows) {
    const last = groups.at(-1)?.[0];
    const together = last?.type === 'Script' && row.type === 'Script';
    if (together && last.depth === row.depth && last.startedBy === row.startedBy) groups.at(-1)?.push(row);
    else groups.push([row]);
  }
  for (const group of groups) {
    const [first] = group;
    if (!first) continue;
    const name =
      group.length === 1 ? `${first.path} (${first.type})` : `${group.length} scripts (${first.path}, …)`;
    const end = Math.max(...group.map((row) => row.endMs));
    const bytes = group.reduce((total, row) => total + row.transferBytes, 0);
    lines.push(
      `| ${first.depth} | ${name} | ${first.startedBy} | ${ms(first.startMs)} | ${ms(end)} | ${kb(bytes)} |`,
    );
  }
  return lines;
}
