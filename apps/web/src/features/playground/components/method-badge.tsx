import { cn } from '@/lib/cn';
import type { HttpMethod } from '../openapi';

const TONES: Record<HttpMethod, string> = {
  GET: 'bg-sky-50 text-sky-800 ring-sky-700/20',
  POST: 'bg-emerald-50 text-emerald-800 ring-emerald-700/20',
  PUT: 'bg-amber-50 text-amber-900 ring-amber-700/20',
  PATCH: 'bg-violet-50 text-violet-800 ring-violet-700/20',
  DELETE: 'bg-red-50 text-red-800 ring-red-700/20',
};

export function MethodBadge({ method, className }: { method: HttpMethod; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-14 shrink-0 justify-center rounded px-1 py-px font-mono text-[11px] font-semibold ring-1 ring-inset',
        TONES[method],
        className,
      )}
    >
      {method}
    </span>
  );
}
