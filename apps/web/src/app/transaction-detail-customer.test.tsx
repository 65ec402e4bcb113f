import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildCustomerDetail,
  buildCustomerPayment,
  CUSTOMER_IDS,
} from '@/features/customers/testing/factories';
import { buildTransaction } from '@/testing/factories';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';

/** A card payment in the transactions list, made by Chioma (a customer of the merchant's). */
function seedPayment(status: 'SUCCESSFUL' | 'FAILED' = 'SUCCESSFUL') {
  const payment = buildTransaction({
    transactionAmount: 2_500_000,
    description: 'Adire scarf',
    orderReference: 'BZD-7K2M9Q4X8P',
    transactionStatus: status,
  });
  db.transactions = [payment];
  db.customers = [
    buildCustomerDetail({ id: CUSTOMER_IDS.chioma }, [
      buildCustomerPayment({ transactionId: payment.id, reference: 'BZD-7K2M9Q4X8P', status }),
    ]),
  ];
  return payment;
}

async function openDetails() {
  signIn();
  const { router } = renderApp('/transactions/all');
  const user = userEvent.setup();
  await user.click((await screen.findAllByTestId('transaction-row'))[0] as HTMLElement);
  const details = await screen.findByRole('dialog', { name: 'Transaction Details' });
  return { router, user, details };
}

describe("A card payment's details with the customers feature", () => {
  it('name the customer who paid, one click from their page', async () => {
    seedPayment();
    const { router, user, details } = await openDetails();
    const link = await within(details).findByTestId('payment-customer');
    expect(link).toHaveTextContent('Chioma Eze');
    expect(link).toHaveTextContent('chioma@example.com');
    expect(link).toHaveAttribute('href', `/customers/${CUSTOMER_IDS.chioma}`);

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${CUSTOMER_IDS.chioma}`));
    expect(await screen.findByRole('heading', { name: 'Chioma Eze', level: 1 })).toBeInTheDocument();
  });

  it('name the customer of a payment that failed too', async () => {
    seedPayment('FAILED');
    const { details } = await openDetails();
    expect(await within(details).findByTestId('payment-customer')).toHaveTextContent('Chioma Eze');
  });

  it('show no customer under a transaction that is not a card payment', async () => {
    db.transactions = [buildTransaction({ transactionType: 'DEBIT', transactionChannel: 'BANK_TRANSFER' })];
    const { details } = await openDetails();
    await within(details).findByTestId('detail-amount');
    expect(within(details).queryByTestId('payment-customer')).not.toBeInTheDocument();
  });
});
