import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/testing/mocks/db';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { renderWithQueryClient } from '@/testing/render';
import { buildCheckoutPayment, PAYMENT_ID } from '../testing/factories';
import { OtpStep } from './otp-step';

const waiting = buildCheckoutPayment({
  status: 'CREATED',
  nextAction: 'OTP',
  sandboxOtp: '123456',
  completedAt: null,
});

function renderStep(onUseAnotherCard = vi.fn()) {
  renderWithQueryClient(<OtpStep payment={waiting} onUseAnotherCard={onUseAnotherCard} />);
  return userEvent.setup();
}

describe('OtpStep', () => {
  it('explains that the card issuer sent a code, with the sandbox code beside the box', () => {
    renderStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Enter your one-time code' })).toBeInTheDocument();
    expect(screen.getByText(/Your card issuer sent a one-time code/)).toHaveTextContent(
      'Verve •••• 0005 card. Enter it to approve ₦10,000.00 to Okafor Textiles.',
    );
    expect(screen.getByText('Sandbox: use 123456')).toBeInTheDocument();
    const code = screen.getByLabelText('One-time code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('gives no code hint when a real card network asks for the code', () => {
    renderWithQueryClient(<OtpStep payment={{ ...waiting, sandboxOtp: null }} onUseAnotherCard={vi.fn()} />);
    expect(screen.queryByText(/Sandbox/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('One-time code')).toBeInTheDocument();
  });

  it('asks for six digits before sending anything', async () => {
    const requests = recordRequests();
    const user = renderStep();
    await user.type(screen.getByLabelText('One-time code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("sends the code and shows the issuer's refusal under the box", async () => {
    db.payments = [waiting];
    const requests = recordRequests();
    const user = renderStep();
    await user.type(screen.getByLabelText('One-time code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));

    expect(await screen.findByText('That code is not correct. 2 attempts left.')).toBeInTheDocument();
    expect(screen.getByLabelText('One-time code')).toHaveAttribute('aria-invalid', 'true');
    expect(requests[0]?.url).toBe(`/api/checkout/payments/${PAYMENT_ID}/otp`);
    expect(requests[0]?.body).toEqual({ otp: '000000' });
    expect(screen.getByRole('button', { name: 'Verify code' })).toBeEnabled();
  });

  it('goes back to the card form after cancelling the payment waiting for its code', async () => {
    db.payments = [waiting];
    const requests = recordRequests();
    const onUseAnotherCard = vi.fn();
    const user = renderStep(onUseAnotherCard);
    await user.click(screen.getByRole('button', { name: 'Use another card' }));
    await waitFor(() => expect(onUseAnotherCard).toHaveBeenCalledOnce());
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['POST', `/api/checkout/payments/${PAYMENT_ID}/cancel`],
    ]);
    expect(db.payments[0]).toMatchObject({ status: 'FAILED' });
  });

  it('stays when the code was accepted meanwhile (the receipt shows instead)', async () => {
    db.payments = [{ ...waiting, status: 'SUCCESSFUL', nextAction: null }];
    const onUseAnotherCard = vi.fn();
    const user = renderStep(onUseAnotherCard);
    await user.click(screen.getByRole('button', { name: 'Use another card' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Use another card' })).toBeEnabled());
    expect(onUseAnotherCard).not.toHaveBeenCalled();
  });

  it('still goes back when the cancel cannot be sent', async () => {
    server.use(http.post('/api/checkout/payments/:paymentId/cancel', () => HttpResponse.error()));
    const onUseAnotherCard = vi.fn();
    const user = renderStep(onUseAnotherCard);
    await user.click(screen.getByRole('button', { name: 'Use another card' }));
    await waitFor(() => expect(onUseAnotherCard).toHaveBeenCalledOnce());
  });
});
