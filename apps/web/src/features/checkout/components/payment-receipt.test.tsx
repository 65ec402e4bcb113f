import { formatDateTime } from '@bizdash/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '@/testing/render';
import { buildCheckoutPayment } from '../testing/factories';
import { PaymentReceipt } from './payment-receipt';

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('PaymentReceipt', () => {
  it('shows the reference, the amount paid, what was bought, from whom, with which card and when', () => {
    const payment = buildCheckoutPayment();
    renderWithQueryClient(<PaymentReceipt payment={payment} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText(/a receipt is on its way to your email/)).toBeInTheDocument();
    expect(screen.getByText('Amount paid')).toBeInTheDocument();
    expect(screen.getByTestId('amount-paid')).toHaveTextContent('₦10,000.00');
    expect(detail('Reference')).toHaveTextContent('BZD-7KQ2M9XH4T');
    expect(detail('Product')).toHaveTextContent('Ankara fabric bundle × 2');
    expect(detail('Paid to')).toHaveTextContent('Okafor Textiles');
    expect(detail('Card')).toHaveTextContent('Verve •••• 0005');
    expect(detail('Date')).toHaveTextContent(formatDateTime(payment.completedAt));
    // The merchant carried the fee: it is none of the customer's business.
    expect(screen.queryByText('Fee')).not.toBeInTheDocument();
  });

  it('itemises the fee when the customer paid it', () => {
    renderWithQueryClient(
      <PaymentReceipt payment={buildCheckoutPayment({ feeBearer: 'CUSTOMER', total: 10_250_00 })} />,
    );
    expect(screen.getByTestId('amount-paid')).toHaveTextContent('₦10,250.00');
    expect(detail('Subtotal')).toHaveTextContent('₦10,000.00');
    expect(detail('Fee')).toHaveTextContent('₦250.00');
  });

  it('prints on request', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithQueryClient(<PaymentReceipt payment={buildCheckoutPayment()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
