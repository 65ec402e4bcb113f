import { cn } from '@/lib/cn';

/** How much of the answer shows before it is expanded. */
const PREVIEW_CHARS = 48;

interface DeliveryResponseProps {
  /** The HTTP status, or null when there was no answer. */
  code: number | null;
  /** The answer's first bytes, else why there was none. */
  body: string | null;
  /** Not attempted yet: there is nothing to show but that. */
  notSent?: boolean;
}

/**
 * An answer's code and its first bytes, expandable; or why there was no answer. The text wraps between words;
 * only a token longer than the line (a URL, an id, minified JSON) is broken, wherever it must be.
 */
export function DeliveryResponse({ code, body, notSent = false }: DeliveryResponseProps) {
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <span
        className={cn(
          'font-mono text-[13px] font-medium tabular-nums',
          code === null ? 'text-slate-600' : code < 300 ? 'text-emerald-800' : 'text-red-800',
        )}
        data-testid="delivery-response-code"
      >
        {code === null ? (notSent ? 'Not sent yet' : 'No answer') : `HTTP ${code}`}
      </span>
      {body ? (
        body.length <= PREVIEW_CHARS ? (
          <span
            className="font-mono text-xs wrap-anywhere text-slate-600"
            data-testid="delivery-response-body"
          >
            {body}
          </span>
        ) : (
          <details className="group min-w-0">
            <summary className="cursor-pointer truncate font-mono text-xs text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700">
              <span className="group-open:hidden">{body.slice(0, PREVIEW_CHARS)}…</span>
              <span className="hidden group-open:inline">Hide response</span>
            </summary>
            <pre
              className="mt-1 max-h-48 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-700 ring-1 ring-slate-200"
              data-testid="delivery-response-body"
            >
              {body}
            </pre>
          </details>
        )
      ) : null}
    </span>
  );
}
