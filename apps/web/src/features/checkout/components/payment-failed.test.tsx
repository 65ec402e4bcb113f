import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCheckoutPayment } from '../testing/factories';
import { PaymentFailed } from './payment-failed';

const declined = buildCheckoutPayment({
  status: 'FAILED',
  failureReason: 'Your card was declined by your bank. Please use another card.',
  card: { brand: 'VISA', last4: '0002' },
});

describe('PaymentFailed', () => {
  it('says the payment failed and why, and offers to try again', async () => {
    const onTryAgain = vi.fn();
    render(<PaymentFailed payment={declined} onTryAgain={onTryAgain} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(
      screen.getByText('Your card was declined by your bank. Please use another card.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Visa •••• 0002')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onTryAgain).toHaveBeenCalledOnce();
  });

  it('still says something useful when the acquirer gave no reason', () => {
    render(<PaymentFailed payment={{ ...declined, failureReason: null }} onTryAgain={vi.fn()} />);
    expect(screen.getByTestId('failure-reason')).toHaveTextContent('The payment could not be completed.');
  });
});
