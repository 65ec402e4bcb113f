import { SandboxNote } from '@/components/ui/sandbox-note';

interface TestCardsNoteProps {
  /** The sandbox card network's test cards, as the server lists them: any other number is declined. */
  cards: { number: string; outcome: string }[];
}

export function TestCardsNote({ cards }: TestCardsNoteProps) {
  return (
    <SandboxNote title="Test cards" subtitle="Sandbox: no real card is charged">
      <ul className="flex flex-col gap-1.5">
        {cards.map((card) => (
          <li key={card.number} className="flex flex-wrap items-baseline justify-between gap-x-3 text-[13px]">
            <span className="font-mono tracking-tight">{card.number}</span>
            <span className="text-amber-900">{card.outcome}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2.5 text-xs text-amber-900">Use any future expiry date and any 3- or 4-digit CVV.</p>
    </SandboxNote>
  );
}
