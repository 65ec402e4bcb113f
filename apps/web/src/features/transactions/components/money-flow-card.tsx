import { type Currency, formatMoney, lastUtcDays } from '@bizdash/shared';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { QueryErrorState } from '@/components/ui/error-state';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { cn } from '@/lib/cn';
import { useElementWidth } from '@/lib/use-element-width';
import { useWalletSummary } from '../api/get-wallet-summary';
import { FLOW_COLOURS, MoneyFlowChart } from './money-flow-chart';

const CHART_DAYS = 30;

function LegendTotal({ label, swatch, amount }: { label: string; swatch: string; amount: string }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <span className={cn('size-2.5 rounded-sm', swatch)} aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{amount}</dd>
    </div>
  );
}

/** Money in and out over the last 30 days, one currency at a time. */
export function MoneyFlowCard() {
  const headingId = useId();
  const range = useMemo(() => lastUtcDays(CHART_DAYS), []);
  const summary = useWalletSummary(range);
  // Drawn in a render of its own that yields to the browser, after the balances that arrive with it: 30 days of
  // bars and their table are the heaviest part of the page's first data. The skeleton stays until then.
  const data = useDeferredValue(summary.data);
  // Measured while the skeleton shows, so the chart is drawn once, at its width, when the data comes.
  const { ref: chartAreaRef, width: chartWidth } = useElementWidth(640);
  const [chosen, setChosen] = useState<Currency | null>(null);
  const wallets = data?.wallets ?? [];
  // Until the merchant picks one: the first currency that moved money in these days, not an empty NGN chart.
  const current =
    wallets.find((wallet) => wallet.currency === chosen) ??
    wallets.find((wallet) => wallet.days.some((day) => day.moneyIn > 0 || day.moneyOut > 0)) ??
    wallets[0];
  const totals = (current?.days ?? []).reduce(
    (sum, day) => ({ in: sum.in + day.moneyIn, out: sum.out + day.moneyOut }),
    { in: 0, out: 0 },
  );

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-900/5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Money in and out
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Successful transactions, last {CHART_DAYS} days (UTC)
          </p>
        </div>
        {wallets.length > 1 && current ? (
          <SegmentedControl
            legend="Chart currency"
            options={wallets.map(({ currency }) => ({ value: currency, label: currency }))}
            value={current.currency}
            onChange={setChosen}
          />
        ) : null}
      </div>
      {summary.isError && !summary.data ? (
        <QueryErrorState query={summary} headingLevel="h3" variant="inline" className="mt-4" />
      ) : current || summary.isPending || !data ? (
        <>
          {current ? (
            <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-3" data-testid="money-flow-totals">
              <LegendTotal
                label="Money in"
                swatch={FLOW_COLOURS.in.swatch}
                amount={formatMoney(totals.in, current.currency)}
              />
              <LegendTotal
                label="Money out"
                swatch={FLOW_COLOURS.out.swatch}
                amount={formatMoney(totals.out, current.currency)}
              />
            </dl>
          ) : null}
          {/* The skeleton's element stays for the chart: not measured again (a forced layout) when the chart comes. */}
          <div ref={chartAreaRef} className="mt-5">
            {current ? (
              <MoneyFlowChart
                key={current.currency}
                days={current.days}
                currency={current.currency}
                width={chartWidth}
              />
            ) : (
              <div aria-hidden="true" className="h-[292px] animate-pulse rounded-lg bg-slate-100" />
            )}
          </div>
        </>
      ) : (
        <p className="mt-6 text-sm text-slate-600">Your accounts will appear here once they are open.</p>
      )}
    </section>
  );
}
