import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/lib/cn';
import type { PlaygroundResponse } from '../api/send-request';
import { JsonTree } from './json-tree';

/** Longer text answers (an export) are cut here on screen; Copy still copies all of it. */
const SHOWN_TEXT = 100_000;

function statusTone(status: number): string {
  if (status < 300) return 'bg-emerald-50 text-emerald-800 ring-emerald-600/20';
  if (status < 500) return 'bg-amber-50 text-amber-900 ring-amber-600/20';
  return 'bg-red-50 text-red-800 ring-red-600/20';
}

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} kB`);

function Body({ body }: { body: PlaygroundResponse['body'] }) {
  if (body.kind === 'empty') return <p className="text-sm text-slate-600">No body.</p>;
  if (body.kind === 'binary') {
    return (
      <p className="text-sm text-slate-600">
        {formatSize(body.size)} of {body.contentType}: try it with a snippet below to save the file.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-slate-800">Body</h3>
        <CopyButton value={body.text} label="response body" />
      </div>
      <section
        aria-label="Response body"
        data-testid="response-body"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {body.kind === 'json' ? (
          <JsonTree value={body.value} />
        ) : (
          <pre className="font-mono text-xs whitespace-pre-wrap break-words">
            {body.text.length > SHOWN_TEXT ? `${body.text.slice(0, SHOWN_TEXT)}\n…` : body.text}
          </pre>
        )}
      </section>
    </div>
  );
}

/** The answer: status, time taken, headers (folded) and the body. */
export function ResponseView({ response }: { response: PlaygroundResponse }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span
          data-testid="response-status"
          className={cn(
            'rounded-md px-2 py-0.5 font-mono font-semibold ring-1 ring-inset',
            statusTone(response.status),
          )}
        >
          {response.status}
          {response.statusText ? ` ${response.statusText}` : ''}
        </span>
        <span data-testid="response-time" className="text-slate-600">
          {response.durationMs} ms
        </span>
      </div>
      <details className="rounded-lg ring-1 ring-slate-200">
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700">
          Response headers ({response.headers.length})
        </summary>
        <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 border-t border-slate-200 px-3 py-2 font-mono text-xs">
          {response.headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-slate-600">{name}</dt>
              <dd className="break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <Body body={response.body} />
    </div>
  );
}
