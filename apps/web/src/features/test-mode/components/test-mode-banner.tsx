import { FlaskConical } from 'lucide-react';
import { useHealth } from '../api/get-health';

/** While the server runs on sandbox providers, every signed-in page says so: sandbox money is not money. */
export function TestModeBanner() {
  const { data } = useHealth();
  if (!data?.testMode) return null;
  return (
    <section aria-label="Test mode" data-testid="test-mode-banner" className="bg-orange-700 text-white">
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-1.5 text-sm sm:px-6 lg:px-8">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Test mode:</strong> payments and emails are simulated, no real
          money moves.
        </span>
      </p>
    </section>
  );
}
