import { ChevronDown, FlaskConical } from 'lucide-react';

interface SandboxNoteProps {
  title: string;
  /** What the sandbox does instead of the real thing, beside the title. */
  subtitle: string;
  children: React.ReactNode;
}

/** A closed-by-default note of a sandbox's test values (test cards, test account numbers), shown in test mode only. */
export function SandboxNote({ title, subtitle, children }: SandboxNoteProps) {
  return (
    <details className="group rounded-lg bg-amber-50 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3.5 py-2.5 font-medium focus-visible:outline-2 focus-visible:outline-amber-700 [&::-webkit-details-marker]:hidden">
        <FlaskConical className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span className="flex-1">
          {title}
          <span className="block text-xs font-normal text-amber-800 sm:ml-1.5 sm:inline">{subtitle}</span>
        </span>
        <ChevronDown
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="border-t border-amber-200 px-3.5 pt-2.5 pb-3">{children}</div>
    </details>
  );
}
