import { formatDateTime, OTP_RULES, type SandboxEmail, splitLinks } from '@bizdash/shared';

const CODE_PATTERN = new RegExp(`\\b(\\d{${OTP_RULES.length}})\\b`);

/** The text of an email with its links clickable; a long address wraps anywhere instead of running past the card. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="mt-4 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
      {text.split('\n').map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
        <span key={index}>
          {index > 0 ? '\n' : null}
          {splitLinks(line).map((part, partIndex) =>
            part.href ? (
              <a
                // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
                key={partIndex}
                href={part.href}
                className="font-medium text-brand-700 underline hover:text-brand-900"
              >
                {part.text}
              </a>
            ) : (
              part.text
            ),
          )}
        </span>
      ))}
    </p>
  );
}

export function MailboxMessage({ message }: { message: SandboxEmail }) {
  const code = CODE_PATTERN.exec(message.text)?.[1];
  return (
    <article
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="mailbox-message"
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{message.subject}</h2>
        <p className="shrink-0 text-xs text-slate-600">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">To: {message.to}</p>
      {code ? (
        <p className="mt-4 flex items-center gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
          Code
          <span data-testid="mailbox-code" className="font-mono text-xl font-semibold tracking-[0.3em]">
            {code}
          </span>
        </p>
      ) : null}
      <MessageText text={message.text} />
    </article>
  );
}
