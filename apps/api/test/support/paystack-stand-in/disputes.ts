import type { Route } from './http.ts';
import type { StandInState } from './state.ts';
import type { WebhookSender } from './webhooks.ts';

interface DisputesSettings {
  state: StandInState;
  webhooks: WebhookSender;
  schedule: (ms: number, run: () => void) => void;
}

/** Disputes (chargebacks) on the stand-in's transactions: `GET /dispute`, evidence, resolve, `charge.dispute.*`. */
export function createDisputes(_settings: DisputesSettings) {
  const routes: Route[] = [];
  const controls = {};
  return { routes, controls };
}

export type DisputeControls = ReturnType<typeof createDisputes>['controls'];
