import { formatDateTime, OTP_RULES, type SandboxEmail } from '@bizdash/shared';

const CODE_PATTERN = new RegExp(`\\b(\\d{${OTP_RULES.length}})\\b`);

export function MailboxMessage({ message }: { message: SandboxEmail }) {
  const code = CODE_PATTERN.exec(message.text)?.[1];
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5" data-testid="mailbox-message">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 className="text-base font-semibold text-slate-900">{message.subject}</h2>
        <p className="text-xs text-slate-600">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">To: {message.to}</p>
      {code ? (
        <p className="mt-4 flex items-center gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
          Code
          <span data-testid="mailbox-code" className="font-mono text-xl font-semibold tracking-[0.3em]">
            {code}
          </span>
        </p>
      ) : null}
      <pre className="mt-4 font-sans text-sm whitespace-pre-wrap text-slate-800">{message.text}</pre>
    </article>
  );
}
