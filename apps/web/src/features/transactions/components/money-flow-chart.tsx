import { formatCompactMoney, formatMoney, formatUtcDay, niceTicks } from '@bizdash/shared';
import { type PointerEvent, useId, useState } from 'react';
import { cn } from '@/lib/cn';

interface DayFlow {
  date: string;
  moneyIn: number;
  moneyOut: number;
}

/**
 * Each flow's colour as a bar's fill and as a swatch. Classes, so dark mode's palette applies: there the mirrored
 * brand-300 would be a dark blue hard to see on the dark card, so money out is the mid blue.
 */
export const FLOW_COLOURS = {
  in: { fill: 'fill-brand-700', swatch: 'bg-brand-700' },
  out: { fill: 'fill-brand-300 dark:fill-brand-500', swatch: 'bg-brand-300 dark:bg-brand-500' },
} as const;

const HEIGHT = 240;
const MARGIN = { top: 12, right: 4, bottom: 28, left: 60 };
const MIN_LABEL_SPACING = 56;

/** Beside the hovered day (right of it in the left half, left of it in the right half), never over its bars. */
function tooltipPosition(centre: number, width: number) {
  const gap = 14;
  return centre < width / 2 ? { left: centre + gap } : { right: width - centre + gap };
}

interface MoneyFlowChartProps {
  days: DayFlow[];
  currency: string;
  /** The chart area's width in CSS pixels, measured by the card before the data arrives. */
  width: number;
}

/** Money in and out per day as paired bars; an sr-only table carries the same numbers for screen readers. */
export function MoneyFlowChart({ days, currency, width }: MoneyFlowChartProps) {
  const titleId = useId();
  const [active, setActive] = useState<number | null>(null);

  const max = Math.max(0, ...days.map((day) => Math.max(day.moneyIn, day.moneyOut)));
  const ticks = niceTicks(max);
  const top = ticks.at(-1) || 1;
  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 1);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(Math.min(band * 0.34, 14), 1.5);
  const labelEvery = Math.max(1, Math.ceil(MIN_LABEL_SPACING / band));
  const y = (amount: number) => MARGIN.top + plotHeight - (amount / top) * plotHeight;
  const bandX = (index: number) => MARGIN.left + index * band;
  const activeDay = active === null ? undefined : days[active];
  const quiet = max === 0;

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const index = Math.floor((event.clientX - left - MARGIN.left) / band);
    setActive(index >= 0 && index < days.length ? index : null);
  };

  return (
    // The tooltip is a pointer-only extra: the same numbers are in the table below for everyone else.
    <div
      className="relative"
      data-testid="money-flow-chart"
      onPointerMove={onPointerMove}
      onPointerDown={onPointerMove}
      onPointerLeave={() => setActive(null)}
    >
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-labelledby={titleId}
        className="block overflow-visible"
      >
        <title id={titleId}>{`Money in and out per day (${currency}), last ${days.length} days`}</title>
        {/* Nothing moved: faint guides keep the chart's shape instead of an empty box. */}
        {quiet
          ? [0.25, 0.5, 0.75, 1].map((share) => (
              <line
                key={share}
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={MARGIN.top + plotHeight * (1 - share)}
                y2={MARGIN.top + plotHeight * (1 - share)}
                className="stroke-slate-100"
              />
            ))
          : null}
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-200"
            />
            <text
              x={MARGIN.left - 8}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              fontSize="11"
              className="fill-slate-500"
            >
              {formatCompactMoney(tick, currency)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = bandX(index);
          const centre = x + band / 2;
          return (
            <g key={day.date} data-date={day.date}>
              {active === index ? (
                <rect
                  x={x}
                  y={MARGIN.top}
                  width={band}
                  height={plotHeight}
                  className="fill-slate-100"
                  rx={3}
                />
              ) : null}
              <rect
                data-testid="bar-in"
                x={centre - barWidth - 0.5}
                y={y(day.moneyIn)}
                width={barWidth}
                height={Math.max(y(0) - y(day.moneyIn), 0)}
                className={FLOW_COLOURS.in.fill}
                rx={Math.min(2, barWidth / 2)}
              />
              <rect
                data-testid="bar-out"
                x={centre + 0.5}
                y={y(day.moneyOut)}
                width={barWidth}
                height={Math.max(y(0) - y(day.moneyOut), 0)}
                className={FLOW_COLOURS.out.fill}
                rx={Math.min(2, barWidth / 2)}
              />
              {(days.length - 1 - index) % labelEvery === 0 ? (
                <text x={centre} y={HEIGHT - 8} textAnchor="middle" fontSize="11" className="fill-slate-500">
                  {formatUtcDay(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {quiet ? (
        <p className="pointer-events-none absolute inset-x-0 top-1/3 text-center text-sm text-slate-600">
          No money moved in these {days.length} days.
        </p>
      ) : null}
      {activeDay && active !== null ? (
        <div
          aria-hidden="true"
          data-testid="chart-tooltip"
          className="pointer-events-none absolute top-0 z-10 rounded-lg bg-slate-900 px-3 py-2 text-xs whitespace-nowrap text-white shadow-lg"
          style={tooltipPosition(bandX(active) + band / 2, width)}
        >
          <p className="font-medium">{formatUtcDay(activeDay.date, 'dd MMM yyyy')}</p>
          {(['in', 'out'] as const).map((flow) => (
            <p key={flow} className="mt-1 flex items-center gap-2">
              <span className={cn('size-2 rounded-sm', FLOW_COLOURS[flow].swatch)} />
              <span className="mr-auto pr-3">Money {flow}</span>
              <span className="tabular-nums">
                {formatMoney(flow === 'in' ? activeDay.moneyIn : activeDay.moneyOut, currency)}
              </span>
            </p>
          ))}
        </div>
      ) : null}
      {/* The box is what is visually hidden: a table ignores sr-only's 1 px height, and its 30 rows left a
          screen of empty scroll below the dashboard. */}
      <div className="sr-only">
        <table>
          <caption>{`Money in and out per day (${currency})`}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Money in</th>
              <th scope="col">Money out</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatUtcDay(day.date, 'dd MMM yyyy')}</th>
                <td>{formatMoney(day.moneyIn, currency)}</td>
                <td>{formatMoney(day.moneyOut, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
