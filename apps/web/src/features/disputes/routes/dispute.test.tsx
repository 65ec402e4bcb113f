import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mocks/db';
import { holdEvidenceUploads, refuseNextDisputeAnswer } from '@/testing/mocks/handlers/disputes';
import { recordRequests } from '@/testing/mocks/requests';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { buildDispute, buildDisputeFile } from '../testing/factories';

function openDispute(dispute = buildDispute()) {
  db.disputes = [dispute];
  signIn();
  return { ...renderApp(`/disputes/${dispute.id}`), user: userEvent.setup(), dispute };
}

const pdf = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const form = () => screen.findByRole('form', { name: 'Evidence' });

describe('A dispute needing a response', () => {
  it('shows the payment, the held amount, the due date and the timeline', async () => {
    const { dispute } = openDispute();
    expect(await screen.findByTestId('dispute-outcome')).toHaveTextContent(
      '₦25,000.00 is held from your wallet. Submit evidence that the payment is valid, or accept the dispute.',
    );
    expect(screen.getByTestId('dispute-outcome')).toHaveTextContent('(due in 3 days)');
    const link = screen.getByTestId('dispute-payment-link');
    expect(link).toHaveTextContent(dispute.payment.reference);
    expect(link).toHaveAttribute('href', `/transactions/all?q=${dispute.payment.reference}`);
    expect(screen.getByTestId('dispute-customer')).toHaveTextContent('Chioma Ezechioma@example.com');
    expect(screen.getByText('Visa •••• 0259')).toBeInTheDocument();
    expect(screen.getAllByTestId('dispute-timeline-entry')).toHaveLength(1);
  });

  it('saves a draft, prefilled with the customer, and keeps the dispute open', async () => {
    const { user, dispute } = openDispute();
    const evidence = await form();
    expect(within(evidence).getByLabelText('Customer name')).toHaveValue('Chioma Eze');
    const requests = recordRequests();
    await user.type(within(evidence).getByLabelText('Explanation'), 'Delivered on 21 November.');
    await user.click(within(evidence).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe(`/api/disputes/${dispute.id}/evidence`);
    expect(post?.body).toEqual({
      explanation: 'Delivered on 21 November.',
      customerName: 'Chioma Eze',
      customerEmail: 'chioma@example.com',
      deliveryDetails: '',
      fileIds: [],
      submit: false,
    });
    expect(db.disputes[0]?.status).toBe('NEEDS_RESPONSE');
    expect(within(evidence).getByLabelText('Explanation')).toHaveValue('Delivered on 21 November.');
  });

  it('asks for an explanation before submitting, in the words of the shared schema', async () => {
    const { user } = openDispute();
    await user.click(within(await form()).getByRole('button', { name: 'Submit evidence' }));
    expect(await screen.findByText('Explain why the payment is valid before submitting')).toBeInTheDocument();
    expect(screen.getByLabelText('Explanation')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks the customer email as the API does', async () => {
    const { user } = openDispute();
    const evidence = await form();
    await user.clear(within(evidence).getByLabelText('Customer email'));
    await user.type(within(evidence).getByLabelText('Customer email'), 'not-an-email');
    await user.click(within(evidence).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('customerEmail is invalid')).toBeInTheDocument();
  });

  it('uploads files with a progress bar each, lets one be removed, and submits the evidence after confirmation', async () => {
    const { user, dispute } = openDispute();
    const evidence = await form();
    await user.type(within(evidence).getByLabelText('Explanation'), 'The customer signed for the parcel.');
    const release = holdEvidenceUploads();
    await user.upload(within(evidence).getByLabelText('Add files'), [pdf('receipt.pdf'), pdf('chat.pdf')]);
    // Both on their way, each with its bar; nothing can be submitted until they are in.
    expect(await screen.findByRole('progressbar', { name: 'Uploading receipt.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading chat.pdf' })).toBeInTheDocument();
    expect(within(evidence).getByRole('button', { name: 'Submit evidence' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    const files = within(evidence).getAllByTestId('evidence-file');
    expect(files.map((file) => file.getAttribute('data-state'))).toEqual(['done', 'done']);
    await user.click(within(evidence).getByRole('button', { name: 'Remove chat.pdf' }));
    expect(within(evidence).getAllByTestId('evidence-file')).toHaveLength(1);

    await user.click(within(evidence).getByRole('button', { name: 'Submit evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit evidence?' });
    expect(dialog).toHaveTextContent('Evidence cannot be changed after it is submitted.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit evidence' }));

    expect(await screen.findByTestId('submitted-evidence')).toHaveTextContent(
      'The customer signed for the parcel.',
    );
    expect(screen.queryByRole('form', { name: 'Evidence' })).not.toBeInTheDocument();
    expect(screen.getByTestId('dispute-outcome')).toHaveAttribute('data-status', 'UNDER_REVIEW');
    expect(db.disputes[0]?.evidence?.files).toHaveLength(1);
    expect(db.disputes[0]?.id).toBe(dispute.id);
  }, 20_000);

  it('refuses a file of another type before sending it', async () => {
    const { user } = openDispute();
    const evidence = await form();
    const userAnyFile = userEvent.setup({ applyAccept: false });
    await userAnyFile.upload(
      within(evidence).getByLabelText('Add files'),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByText('File type must be png, jpg, jpeg or pdf')).toBeInTheDocument();
    expect(db.disputeFiles).toHaveLength(0);
    await user.click(within(evidence).getByRole('button', { name: 'Remove logo.svg' }));
    expect(within(evidence).queryAllByTestId('evidence-file')).toHaveLength(0);
  });

  it("shows the server's sentence when the evidence is refused", async () => {
    const { user } = openDispute();
    const evidence = await form();
    await user.type(within(evidence).getByLabelText('Explanation'), 'Delivered.');
    refuseNextDisputeAnswer(409, 'The date to answer this dispute has passed.', 'DISPUTE_PAST_DUE');
    await user.click(within(evidence).getByRole('button', { name: 'Submit evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit evidence?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit evidence' }));
    expect(await screen.findByTestId('evidence-error')).toHaveTextContent(
      'The date to answer this dispute has passed.',
    );
  });

  it('accepts the dispute after saying the amount goes to the customer’s bank', async () => {
    const { user } = openDispute();
    await user.click(within(await form()).getByRole('button', { name: 'Accept dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept dispute?' });
    expect(within(dialog).getByTestId('accept-sentence')).toHaveTextContent(
      "₦25,000.00 goes to the customer's bank and the dispute is closed. This cannot be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept and give ₦25,000.00 back' }));
    expect(await screen.findByTestId('dispute-outcome')).toHaveAttribute('data-status', 'ACCEPTED');
    expect(screen.getByTestId('dispute-outcome')).toHaveTextContent(
      "₦25,000.00 went to the customer's bank.",
    );
    expect(screen.getByText('No evidence was submitted.')).toBeInTheDocument();
  });
});

describe("A dispute's outcome", () => {
  const submitted = {
    explanation: 'winning_evidence: signed for.',
    customerName: 'Chioma Eze',
    customerEmail: 'chioma@example.com',
    deliveryDetails: null,
    files: [buildDisputeFile({ name: 'proof.pdf' })],
    submittedAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
  };

  it.each([
    ['WON', 'You won this dispute', '₦25,000.00 is back in your wallet.'],
    ['LOST', 'You lost this dispute', "₦25,000.00 went to the customer's bank."],
  ] as const)('%s: says where the money is and shows the evidence read-only', async (status, title, text) => {
    openDispute(buildDispute({ status, closedAt: '2026-11-23T10:00:00.000Z', evidence: submitted }));
    const banner = await screen.findByTestId('dispute-outcome');
    expect(banner).toHaveTextContent(title);
    expect(within(banner).getByTestId('dispute-outcome-text')).toHaveTextContent(text);
    expect(screen.getByTestId('evidence-explanation')).toHaveTextContent('winning_evidence: signed for.');
    expect(screen.getByRole('button', { name: 'Download proof.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Evidence' })).not.toBeInTheDocument();
  });

  it('says a dispute left unanswered was lost by its due date', async () => {
    openDispute(
      buildDispute({
        status: 'LOST',
        timeline: [
          {
            kind: 'OPENED',
            at: '2026-11-20T10:00:00.000Z',
            description: 'The customer disputed the payment',
          },
          {
            kind: 'EXPIRED',
            at: '2026-11-27T10:00:00.000Z',
            description: 'No evidence was submitted by the due date',
          },
        ],
      }),
    );
    expect(await screen.findByTestId('dispute-outcome')).toHaveTextContent(
      'Dispute lost: no evidence was submitted by the due date',
    );
  });

  it('says when there is no such dispute', async () => {
    signIn();
    renderApp('/disputes/b8a2b3c4-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { name: 'Dispute not found' })).toBeInTheDocument();
  });
});
