import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TransactionStatusBadge } from './transaction-status-badge';

describe('TransactionStatusBadge', () => {
  it.each([
    ['SUCCESSFUL', 'success', 'green', 'bg-emerald-50'],
    ['CREATED', 'pending', 'yellow', 'bg-amber-50'],
    ['OTP_VERIFIED', 'pending', 'yellow', 'bg-amber-50'],
    ['FAILED', 'failed', 'red', 'bg-red-50'],
    ['REVERSED', 'unknown', 'grey', 'bg-slate-100'],
  ])('shows %s as a %s badge in %s', (status, label, tone, colourClass) => {
    render(<TransactionStatusBadge status={status} />);
    const badge = screen.getByTestId('transaction-status');
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge).toHaveClass(colourClass);
  });

  it("shows '-' and no badge when the status is missing", () => {
    render(<TransactionStatusBadge status={undefined} />);
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(screen.queryByTestId('transaction-status')).not.toBeInTheDocument();
  });
});
