import { TriangleAlert } from 'lucide-react';
import { isRetryable } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface ErrorStateProps {
  /** The resolved error text (SPEC section 8). */
  message: string;
  onRetry?: () => void;
  /** Given, Retry is offered only when trying again could help (not for a refused request). */
  error?: unknown;
  retrying?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** 'inline' sits inside a card or modal that already has a frame. */
  variant?: 'card' | 'inline';
  className?: string;
}

/** A failed load in place of its content: what went wrong and a way to try again. */
function ErrorState({
  message,
  onRetry,
  error,
  retrying = false,
  headingLevel: Heading = 'h2',
  variant = 'card',
  className,
}: ErrorStateProps) {
  const retry = onRetry && isRetryable(error) ? onRetry : undefined;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center text-center',
        variant === 'card' ? 'rounded-xl border border-red-200 bg-white px-6 py-12' : 'px-2 py-6',
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </div>
      <Heading className="mt-4 max-w-md text-base font-semibold break-words text-slate-900">
        {message}
      </Heading>
      <p className="mt-1.5 max-w-md text-sm text-slate-600">
        {retry ? 'Please try again. ' : ''}Nothing in your account has changed.
      </p>
      {retry ? (
        <Button variant="secondary" className="mt-6" onClick={retry} pending={retrying}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

interface QueryErrorStateProps extends Omit<ErrorStateProps, 'message' | 'onRetry' | 'retrying' | 'error'> {
  query: { error: Error; refetch: () => unknown; isFetching: boolean };
}

/** A failed query in place of its content, with Retry wherever trying again could help. */
export function QueryErrorState({ query, ...props }: QueryErrorStateProps) {
  return (
    <ErrorState
      message={query.error.message}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      {...props}
    />
  );
}
