import {
  CARD_BRAND_LABELS,
  type DisputeDetail as DisputeDetailData,
  type DisputeEvidence,
  formatDateTime,
  formatFileSize,
  formatMoney,
} from '@bizdash/shared';
import { Download, FileText } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { DescriptionList } from '@/components/ui/description-list';
import { SectionCard } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/api-error';
import { downloadEvidenceFile } from '../api/dispute-actions';
import { DisputeStatusBadge } from './dispute-status-badge';
import { EvidenceForm } from './evidence-form';
import { OutcomeBanner } from './outcome-banner';

/** The payment in the transactions list: searched by its order reference. */
const transactionsOf = (reference: string) => `/transactions/all?q=${encodeURIComponent(reference)}`;

function Payment({ dispute }: { dispute: DisputeDetailData }) {
  const { payment } = dispute;
  return (
    <DescriptionList
      twoColumnsOnPhones
      items={[
        {
          label: 'Reference',
          value: (
            <Link
              to={transactionsOf(payment.reference)}
              className="font-mono text-brand-700 hover:underline"
              data-testid="dispute-payment-link"
            >
              {payment.reference}
            </Link>
          ),
          testId: 'dispute-payment-reference',
        },
        {
          label: 'Amount paid',
          value: <span className="tabular-nums">{formatMoney(payment.amount, payment.currency)}</span>,
        },
        {
          label: 'Customer',
          value: (
            <span className="flex min-w-0 flex-col">
              <span className="truncate">{payment.customerName}</span>
              <span className="truncate text-xs font-normal text-slate-600">{payment.customerEmail}</span>
            </span>
          ),
          testId: 'dispute-customer',
          wide: true,
        },
        {
          label: 'Card',
          value: payment.card ? `${CARD_BRAND_LABELS[payment.card.brand]} •••• ${payment.card.last4}` : null,
        },
        { label: 'Paid', value: payment.paidAt ? formatDateTime(payment.paidAt) : null },
      ]}
    />
  );
}

function download(disputeId: string, file: { id: string; name: string }) {
  downloadEvidenceFile(disputeId, file).catch((error: unknown) =>
    toast.error(errorMessage(error, `Unable to download ${file.name}`)),
  );
}

/** Submitted evidence, as the card network got it. */
function SubmittedEvidence({ disputeId, evidence }: { disputeId: string; evidence: DisputeEvidence }) {
  return (
    <div className="flex flex-col gap-5" data-testid="submitted-evidence">
      <DescriptionList
        items={[
          {
            label: 'Explanation',
            value: <span className="font-normal whitespace-pre-wrap">{evidence.explanation}</span>,
            wide: true,
            testId: 'evidence-explanation',
          },
          { label: 'Customer name', value: evidence.customerName },
          { label: 'Customer email', value: evidence.customerEmail },
          {
            label: 'Delivery details',
            value: evidence.deliveryDetails ? (
              <span className="font-normal whitespace-pre-wrap">{evidence.deliveryDetails}</span>
            ) : null,
            wide: true,
          },
        ]}
      />
      <div>
        <p className="text-sm text-slate-600">Files</p>
        {evidence.files.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">None</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2" aria-label="Evidence files">
            {evidence.files.map((file) => (
              <li
                key={file.id}
                data-testid="evidence-file"
                className="flex items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200"
              >
                <FileText className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900">{file.name}</span>
                  <span className="block text-xs text-slate-600">{formatFileSize(file.size)}</span>
                </span>
                <button
                  type="button"
                  onClick={() => download(disputeId, file)}
                  aria-label={`Download ${file.name}`}
                  className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <Download className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {evidence.submittedAt ? (
        <p className="text-xs text-slate-600">Submitted {formatDateTime(evidence.submittedAt)}</p>
      ) : null}
    </div>
  );
}

function Timeline({ dispute }: { dispute: DisputeDetailData }) {
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-4">
      {dispute.timeline.map((entry, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and never reorder
          key={index}
          data-testid="dispute-timeline-entry"
          data-kind={entry.kind}
          className="relative flex gap-3"
        >
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-medium text-slate-900">{entry.description}</span>
            <time dateTime={entry.at} className="text-xs text-slate-600 tabular-nums">
              {formatDateTime(entry.at)}
            </time>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A dispute: where its money is, the payment, the evidence (a form while it needs an answer) and the timeline. */
export function DisputeDetail({ dispute }: { dispute: DisputeDetailData }) {
  const answering = dispute.status === 'NEEDS_RESPONSE';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p
          className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums"
          data-testid="dispute-amount"
        >
          {formatMoney(dispute.amount, dispute.currency)}
        </p>
        <DisputeStatusBadge status={dispute.status} />
        <p className="text-sm text-slate-600">Opened {formatDateTime(dispute.createdAt)}</p>
      </div>
      <OutcomeBanner dispute={dispute} />
      <SectionCard title="Payment">
        <Payment dispute={dispute} />
      </SectionCard>
      <SectionCard
        title="Evidence"
        description={
          answering
            ? 'Save a draft as you go; submit it when it is complete. The card network decides on what you submit.'
            : undefined
        }
      >
        {answering ? (
          <EvidenceForm dispute={dispute} />
        ) : dispute.evidence?.submittedAt ? (
          <SubmittedEvidence disputeId={dispute.id} evidence={dispute.evidence} />
        ) : (
          <p className="text-sm text-slate-600">No evidence was submitted.</p>
        )}
      </SectionCard>
      <SectionCard title="Timeline">
        <Timeline dispute={dispute} />
      </SectionCard>
    </div>
  );
}
