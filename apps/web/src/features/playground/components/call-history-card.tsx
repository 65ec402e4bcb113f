import { formatDateTime } from '@bizdash/shared';
import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { cn } from '@/lib/cn';
import { HISTORY_LIMIT, type HistoryEntry } from '../call-history';
import { MethodBadge } from './method-badge';

interface CallHistoryCardProps {
  entries: HistoryEntry[];
  onReplay: (entry: HistoryEntry) => void;
  onClear: () => void;
}

const statusTone = (status: number | null) =>
  status === null || status >= 500 ? 'text-red-800' : status >= 400 ? 'text-amber-900' : 'text-emerald-800';

/** The last calls made here, newest first; choosing one fills its form again (it is not sent until asked). */
export function CallHistoryCard({ entries, onReplay, onClear }: CallHistoryCardProps) {
  return (
    <SectionCard
      title="Recent calls"
      description={`The last ${HISTORY_LIMIT}, kept in this browser only, without passwords, codes or keys.`}
      actions={
        entries.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear
          </Button>
        ) : null
      }
    >
      {entries.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <History className="size-4 shrink-0" aria-hidden="true" />
          Calls you send appear here, to fill their form again.
        </p>
      ) : (
        <ul aria-label="Recent calls" className="-mx-2 flex flex-col">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                onClick={() => onReplay(entry)}
                aria-label={`Replay ${entry.method} ${entry.path} (${entry.status ?? 'no answer'})`}
                className="flex w-full flex-col gap-0.5 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 sm:flex-row sm:items-center sm:gap-3"
              >
                <span className="flex min-w-0 flex-1 items-center gap-3">
                  <MethodBadge method={entry.method} />
                  <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-900">
                    {entry.path}
                  </span>
                  <span className={cn('font-mono text-xs font-semibold', statusTone(entry.status))}>
                    {entry.status ?? 'failed'}
                  </span>
                </span>
                <span className="pl-17 text-xs text-slate-600 sm:pl-0">
                  {entry.durationMs === null ? '' : `${entry.durationMs} ms · `}
                  {formatDateTime(entry.at)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
