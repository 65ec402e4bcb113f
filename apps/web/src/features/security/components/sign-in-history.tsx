import { formatDateTime, type SignInHistoryEntry } from '@bizdash/shared';
import { LogIn } from 'lucide-react';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { ListSkeleton } from '@/components/ui/list-frame';
import { ListPagination } from '@/components/ui/pagination';
import { PastLastPage } from '@/components/ui/past-last-page';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { useFitsWidth } from '@/lib/use-fits-width';
import { usePageParam } from '@/lib/use-page-param';
import { useSignIns } from '../api/get-sign-ins';

/** Below this width each sign-in becomes a card. */
const TABLE_MIN_WIDTH = 640;
const CAPTION = 'Sign-in history';

const FAILED_STEPS: Record<string, string> = {
  password: 'Wrong password',
  two_factor: 'Wrong two-factor code',
};

/** 'Signed in', or 'Failed' with the step that failed. */
function Outcome({ entry }: { entry: SignInHistoryEntry }) {
  if (entry.outcome === 'success') return <StatusBadge tone="green">Signed in</StatusBadge>;
  const step = entry.failedStep ? (FAILED_STEPS[entry.failedStep] ?? null) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <StatusBadge tone="red">Failed</StatusBadge>
      {step ? <span className="text-xs text-red-800">{step}</span> : null}
    </span>
  );
}

const device = (entry: SignInHistoryEntry) => entry.device ?? 'Unknown device';

const COLUMNS = ['When', 'IP address', 'Device', 'Outcome'] as const;
const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  When: 'whitespace-nowrap text-left',
  'IP address': 'whitespace-nowrap text-left',
  Device: 'w-full max-w-0 text-left',
  Outcome: 'whitespace-nowrap text-left',
};
const cell = cn(tableCellClasses, 'align-middle');

function SignInTable({ entries, stale }: { entries: SignInHistoryEntry[]; stale: boolean }) {
  return (
    <DataTable
      caption={CAPTION}
      columns={COLUMNS}
      columnClasses={COLUMN_CLASSES}
      className={cn('transition-opacity', stale && 'opacity-60')}
    >
      {entries.map((entry) => (
        <tr
          key={entry.id}
          data-testid="sign-in-row"
          data-outcome={entry.outcome}
          className={entry.outcome === 'failure' ? 'bg-red-50/50' : undefined}
        >
          <td className={cn(cell, COLUMN_CLASSES.When, 'text-slate-700 tabular-nums')}>
            <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
          </td>
          <td className={cn(cell, COLUMN_CLASSES['IP address'], 'font-mono text-xs text-slate-700')}>
            {entry.ip ?? '-'}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Device)}>
            <span className="block truncate text-slate-900" title={entry.userAgent ?? undefined}>
              {device(entry)}
            </span>
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Outcome)}>
            <Outcome entry={entry} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function SignInCards({ entries, stale }: { entries: SignInHistoryEntry[]; stale: boolean }) {
  return (
    <ul
      aria-label={CAPTION}
      className={cn('divide-y divide-slate-100 transition-opacity', stale && 'opacity-60')}
    >
      {entries.map((entry) => (
        <li
          key={entry.id}
          data-testid="sign-in-row"
          data-outcome={entry.outcome}
          className={cn('flex flex-col gap-1.5 px-4 py-3', entry.outcome === 'failure' && 'bg-red-50/50')}
        >
          <span className="flex items-center justify-between gap-3">
            <span
              className="min-w-0 truncate font-medium text-slate-900"
              title={entry.userAgent ?? undefined}
            >
              {device(entry)}
            </span>
            <Outcome entry={entry} />
          </span>
          <span className="flex items-center justify-between gap-3 text-xs text-slate-600 tabular-nums">
            <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
            {entry.ip ? <span className="truncate font-mono">{entry.ip}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The person's own sign-ins, newest first, failed ones marked: when, from which IP address and device. */
export function SignInHistory({ userId }: { userId: string }) {
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const [page, setPage] = usePageParam();
  const query = useSignIns(userId, page);
  const { data } = query;

  if (!data) {
    if (query.isError) return <QueryErrorState query={query} headingLevel="h3" variant="inline" />;
    return <ListSkeleton label="Loading sign-in history" ref={ref} />;
  }
  if (data.items.length === 0) {
    if (page > 1 && data.totalElements > 0) {
      return (
        <PastLastPage subject="Your sign-ins" totalPages={data.totalPages} onFirstPage={() => setPage(1)} />
      );
    }
    return (
      <EmptyState
        icon={LogIn}
        headingLevel="h3"
        title="No sign-ins yet"
        description="Each time someone signs in to your account, or tries to, it is listed here."
      />
    );
  }
  const stale = query.isPlaceholderData;
  return (
    <div ref={ref} className="-mx-5 -mb-5 overflow-hidden sm:-mx-6 sm:-mb-6" aria-busy={stale || undefined}>
      {wide ? (
        <SignInTable entries={data.items} stale={stale} />
      ) : (
        <SignInCards entries={data.items} stale={stale} />
      )}
      <ListPagination page={data} onPageChange={setPage} noun="sign-ins" busy={stale} />
    </div>
  );
}
