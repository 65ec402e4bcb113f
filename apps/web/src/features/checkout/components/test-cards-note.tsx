import { ChevronDown, FlaskConical } from 'lucide-react';

/** The sandbox card network's test cards: any other number is declined, so no real card is ever charged. */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Approved' },
  { number: '5061 0000 0000 0005', outcome: 'Code 123456, then approved' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Insufficient funds' },
] as const;

export function TestCardsNote() {
  return (
    <details className="group rounded-lg bg-amber-50 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3.5 py-2.5 font-medium focus-visible:outline-2 focus-visible:outline-amber-700 [&::-webkit-details-marker]:hidden">
        <FlaskConical className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span className="flex-1">
          Test cards
          <span className="block text-xs font-normal text-amber-800 sm:ml-1.5 sm:inline">
            Sandbox: no real card is charged
          </span>
        </span>
        <ChevronDown
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="border-t border-amber-200 px-3.5 pt-2.5 pb-3">
        <ul className="flex flex-col gap-1.5">
          {TEST_CARDS.map((card) => (
            <li
              key={card.number}
              className="flex flex-wrap items-baseline justify-between gap-x-3 text-[13px]"
            >
              <span className="font-mono tracking-tight">{card.number}</span>
              <span className="text-amber-900">{card.outcome}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2.5 text-xs text-amber-900">Use any future expiry date and any 3-digit CVV.</p>
      </div>
    </details>
  );
}
