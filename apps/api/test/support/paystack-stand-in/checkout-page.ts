import type { Reply, Route, StandInRequest } from './http.ts';
import type { Transaction } from './state.ts';
import type { CheckoutOutcome, Transactions } from './transactions.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-NG', { style: 'currency', currency }).format(amount / 100);
  } catch {
    return `${currency} ${(amount / 100).toFixed(2)}`;
  }
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
  main{max-width:420px;margin:0 auto;padding:24px 16px}
  .card{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .badge{display:inline-block;font-size:13px;font-weight:600;color:#92400e;background:#fef3c7;border-radius:999px;padding:2px 10px}
  h1{font-size:20px;margin:12px 0 4px}
  .amount{font-size:32px;font-weight:700;margin:8px 0;overflow-wrap:anywhere}
  .muted{color:#4b5563;overflow-wrap:anywhere}
  form{margin:0}
  button{display:block;width:100%;min-height:48px;margin-top:12px;border-radius:8px;font-size:17px;font-weight:600;cursor:pointer;border:2px solid transparent}
  .pay{background:#047857;color:#fff}
  .decline{background:#fff;color:#b91c1c;border-color:#b91c1c}
  .cancel{background:#fff;color:#374151;border-color:#9ca3af}
  button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;

function page(title: string, content: string): Reply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main><div class="card">
<span class="badge">Paystack stand-in · test payment</span>
${content}
</div></main></body>
</html>`;
  return { kind: 'html', status: 200, html };
}

function checkoutPage(transaction: Transaction): Reply {
  const amount = formatAmount(transaction.amount, transaction.currency);
  const action = `/checkout/${encodeURIComponent(transaction.accessCode)}`;
  const button = (outcome: CheckoutOutcome, label: string, className: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${className}">${label}</button></form>`;
  return page(
    `Pay ${amount}`,
    `<h1>Pay</h1>
<p class="amount">${escapeHtml(amount)}</p>
<p class="muted">${escapeHtml(transaction.currency)} · ${escapeHtml(transaction.email)}</p>
<p class="muted">Reference ${escapeHtml(transaction.reference)}</p>
${button('success', `Pay ${escapeHtml(amount)}`, 'pay')}
${button('failed', 'Decline', 'decline')}
${button('abandoned', 'Cancel payment', 'cancel')}`,
  );
}

const DONE_TEXT: Record<Transaction['status'], string> = {
  ongoing: 'This payment is waiting for the customer.',
  success: 'Payment successful.',
  failed: 'The payment was declined.',
  abandoned: 'The payment was cancelled.',
};

function donePage(transaction: Transaction): Reply {
  return page(
    'Payment finished',
    `<h1>${escapeHtml(DONE_TEXT[transaction.status])}</h1>
<p class="muted">${escapeHtml(formatAmount(transaction.amount, transaction.currency))} · reference ${escapeHtml(transaction.reference)}</p>
<p class="muted">You can close this page.</p>`,
  );
}

const notFound: Reply = {
  kind: 'html',
  status: 404,
  html: '<!doctype html><title>Not found</title><p>No such payment.</p>',
};

const OUTCOMES: readonly string[] = ['success', 'failed', 'abandoned'] satisfies CheckoutOutcome[];

/** The hosted checkout page (`authorization_url`): one form per outcome, each a POST back to the page. */
export function checkoutRoutes(transactions: Transactions): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/checkout\/([^/]+)$/,
      public: true,
      handle: ({ params }: StandInRequest) => {
        const transaction = transactions.byAccessCode(params[0] ?? '');
        if (!transaction) return notFound;
        return transaction.status === 'ongoing' ? checkoutPage(transaction) : donePage(transaction);
      },
    },
    {
      method: 'POST',
      pattern: /^\/checkout\/([^/]+)$/,
      public: true,
      handle: ({ params, body }: StandInRequest) => {
        const transaction = transactions.byAccessCode(params[0] ?? '');
        if (!transaction) return notFound;
        const outcome = String(body.outcome ?? '');
        if (!OUTCOMES.includes(outcome))
          return { kind: 'html', status: 400, html: '<!doctype html><p>Choose an outcome.</p>' };
        const next = transactions.complete(transaction, outcome as CheckoutOutcome);
        return next ? { kind: 'redirect', location: next } : donePage(transaction);
      },
    },
  ];
}
