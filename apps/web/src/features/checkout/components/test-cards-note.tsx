import { ChevronDown, FlaskConical } from 'lucide-react';

interface TestCardsNoteProps {
  /** The sandbox card network's test cards, as the server lists them: any other number is declined. */
  cards: { number: string; outcome: string }[];
}

export function TestCardsNote({ cards }: TestCardsNoteProps) {
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
          {cards.map((card) => (
            <li
              key={card.number}
              className="flex flex-wrap items-baseline justify-between gap-x-3 text-[13px]"
            >
              <span className="font-mono tracking-tight">{card.number}</span>
              <span className="text-amber-900">{card.outcome}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2.5 text-xs text-amber-900">Use any future expiry date and any 3- or 4-digit CVV.</p>
      </div>
    </details>
  );
}
