import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import {
  buildCustomerDetail,
  buildCustomerDispute,
  buildCustomerPayment,
  buildCustomerRefund,
  CUSTOMER_IDS,
} from '../testing/factories';

function openCustomer(id: string = CUSTOMER_IDS.chioma) {
  signIn();
  return renderApp(`/customers/${id}`);
}

describe('A customer page', () => {
  it('shows their totals, their payments and the refunds of them, in money as everywhere', async () => {
    const naira = buildCustomerPayment({
      amount: 1_005_000,
      quantity: 2,
      reference: 'BZD-7KQ2MX9RTA',
      createdAt: '2026-11-20T10:15:00.000Z',
    });
    const dollars = buildCustomerPayment({
      amount: 4_500,
      currency: 'USD',
      createdAt: '2026-11-19T10:15:00.000Z',
    });
    const failed = buildCustomerPayment({
      amount: 200_000,
      status: 'FAILED',
      createdAt: '2026-11-18T10:15:00.000Z',
    });
    db.customers = [
      buildCustomerDetail(
        {},
        [naira, dollars, failed],
        [buildCustomerRefund(naira, { amount: 250_000, status: 'PENDING', reason: 'duplicate' })],
      ),
    ];
    openCustomer();
    expect(await screen.findByRole('heading', { name: 'Chioma Eze', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('customer-email')).toHaveTextContent('chioma@example.com');
    expect(screen.getByTestId('customer-total-spent')).toHaveTextContent('₦10,050.00$45.00');
    expect(screen.getByTestId('customer-refunded')).toHaveTextContent('₦2,500.001 refund');

    const payments = screen.getAllByTestId('customer-payment');
    expect(payments).toHaveLength(3);
    const [first, , last] = payments as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Adire scarf x2')).toBeInTheDocument();
    expect(within(first).getByTestId('customer-payment-amount')).toHaveTextContent('₦10,050.00');
    expect(within(first).getByRole('link', { name: 'BZD-7KQ2MX9RTA' })).toHaveAttribute(
      'href',
      '/transactions/all?q=BZD-7KQ2MX9RTA',
    );
    expect(within(last).getByTestId('payment-status')).toHaveTextContent(/failed/i);

    const [refund] = screen.getAllByTestId('customer-refund') as [HTMLElement];
    expect(refund).toHaveTextContent('Duplicate payment');
    expect(refund).toHaveTextContent('₦2,500.00');
    expect(refund).toHaveTextContent('of BZD-7KQ2MX9RTA');
    expect(within(refund).getByTestId('refund-status')).toHaveTextContent('Pending');
  });

  it('lists the disputes of their payments, with when an open one must be answered', async () => {
    const payment = buildCustomerPayment({ amount: 505_000, reference: 'BZD-DISPUTED01' });
    db.customers = [
      buildCustomerDetail(
        {},
        [payment],
        [],
        [
          buildCustomerDispute(payment, { evidenceDueBy: '2026-11-28T10:15:00.000Z' }),
          buildCustomerDispute(payment, { status: 'WON', reason: 'fraudulent', amount: 1_000 }),
        ],
      ),
    ];
    openCustomer();
    const disputes = await screen.findAllByTestId('customer-dispute');
    expect(screen.getByTestId('customer-disputes')).toHaveTextContent('2');
    const [open, won] = disputes as [HTMLElement, HTMLElement];
    expect(open).toHaveTextContent('Product not received');
    expect(open).toHaveTextContent('Answer by 28 Nov 2026');
    expect(open).toHaveTextContent('of BZD-DISPUTED01');
    expect(open).toHaveTextContent('₦5,050.00');
    expect(within(open).getByTestId('dispute-status')).toHaveTextContent('Needs response');
    const [openDispute] = db.customers[0]?.disputes ?? [];
    expect(within(open).getByRole('link', { name: 'Product not received' })).toHaveAttribute(
      'href',
      `/disputes/${openDispute?.id}`,
    );
    expect(won).toHaveTextContent('₦10.00');
    expect(within(won).getByTestId('dispute-status')).toHaveTextContent('Won');
  });

  it('says so when the customer has no refunds nor disputes', async () => {
    db.customers = [buildCustomerDetail()];
    openCustomer();
    expect(await screen.findByText('No refunds.')).toBeInTheDocument();
    expect(screen.getByText('No disputes.')).toBeInTheDocument();
  });

  it("says a customer that is not the merchant's was not found", async () => {
    openCustomer(CUSTOMER_IDS.tunde);
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All customers' })).toHaveAttribute('href', '/customers');
  });
});
