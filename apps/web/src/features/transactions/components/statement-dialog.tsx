import {
  formatDate,
  STATEMENT_MAX_DAYS,
  type StatementFormat,
  statementDays,
  type Wallet,
} from '@bizdash/shared';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Modal } from '@/components/ui/modal';
import { PermissionGate } from '@/components/ui/permission-gate';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useDownloadStatement } from '../api/download-statement';

type PeriodChoice = 'this-month' | 'last-month' | 'custom';

const PERIODS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom range' },
] as const;

const FORMATS = [
  { value: 'pdf', label: 'PDF' },
  { value: 'csv', label: 'CSV' },
] as const;

/** A calendar day as the person's calendar has it, YYYY-MM-DD. */
const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The calendar days a choice stands for, from today. */
function periodOf(choice: PeriodChoice, custom: { from: string; to: string }, today: Date) {
  const [year, month] = [today.getFullYear(), today.getMonth()];
  if (choice === 'this-month') return { from: day(new Date(year, month, 1)), to: day(today) };
  // Day 0 of this month is the last day of the one before.
  if (choice === 'last-month')
    return { from: day(new Date(year, month - 1, 1)), to: day(new Date(year, month, 0)) };
  return custom;
}

/** What is wrong with a custom range, as the API would say it; null when it can be asked for. */
function rangeProblem({ from, to }: { from: string; to: string }): string | null {
  if (!from || !to) return 'Choose the first and the last day.';
  if (from > to) return 'The start date must be on or before the end date.';
  if (statementDays(from, to) > STATEMENT_MAX_DAYS)
    return `A statement covers at most ${STATEMENT_MAX_DAYS} days`;
  return null;
}

function StatementForm({ wallet, onDone }: { wallet: Wallet; onDone: () => void }) {
  const download = useDownloadStatement();
  const [choice, setChoice] = useState<PeriodChoice>('this-month');
  const [fileFormat, setFileFormat] = useState<StatementFormat>('pdf');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const today = new Date();
  const period = periodOf(choice, custom, today);
  const problem = choice === 'custom' ? rangeProblem(custom) : null;

  const submit = () =>
    download.mutate(
      { walletId: wallet.walletId, currency: wallet.currency, ...period, format: fileFormat },
      {
        onSuccess: (filename) => {
          toast.success(`Downloaded ${filename}`);
          onDone();
        },
      },
    );

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) submit();
      }}
    >
      <div>
        <p className="mb-2 text-sm font-medium text-slate-900">Period</p>
        <SegmentedControl legend="Period" options={PERIODS} value={choice} onChange={setChoice} />
        {choice === 'custom' ? (
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <DateField
              label="From"
              value={custom.from}
              max={day(today)}
              onChange={(from) => setCustom((range) => ({ ...range, from }))}
            />
            <DateField
              label="To"
              value={custom.to}
              max={day(today)}
              onChange={(to) => setCustom((range) => ({ ...range, to }))}
            />
          </div>
        ) : null}
        <p className="mt-2 text-xs text-slate-600" data-testid="statement-period">
          {problem ?? `${formatDate(period.from)} to ${formatDate(period.to)} (UTC days; a year at most)`}
        </p>
      </div>
      <div>
        <p className="mb-2 text-sm font-medium text-slate-900">Format</p>
        <SegmentedControl legend="Format" options={FORMATS} value={fileFormat} onChange={setFileFormat} />
      </div>
      {download.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {download.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={download.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={download.isPending} disabled={problem !== null}>
          Download
        </Button>
      </div>
    </form>
  );
}

/**
 * "Statements" on an account page: a dialog to choose a period (this month, last month, or a range of at most a
 * year) and a format, then the server's statement file is saved under the name it gives.
 */
export function StatementButton({ wallet }: { wallet: Wallet }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PermissionGate permission="money.read">
        {(allowed) => (
          <Button
            variant="secondary"
            icon={<FileText className="size-4" aria-hidden="true" />}
            disabled={!allowed}
            onClick={() => setOpen(true)}
          >
            Statements
          </Button>
        )}
      </PermissionGate>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`${wallet.currency} statement`}
        description="Opening and closing balances, every entry with its running balance, and the totals of fees, refunds and payouts."
      >
        {open ? <StatementForm wallet={wallet} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
