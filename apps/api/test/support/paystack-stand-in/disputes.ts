import { extname } from 'node:path';
import { missing, ok, type Reply, type Route, refuse, type StandInRequest, text } from './http.ts';
import { customerJson, randomCode, type StandInState, type Transaction, timestamp } from './state.ts';
import type { WebhookSender } from './webhooks.ts';

type DisputeStatus =
  | 'awaiting-merchant-feedback'
  | 'awaiting-bank-feedback'
  | 'pending'
  | 'resolved'
  | 'archived';
type Resolution = 'merchant-accepted' | 'declined';

const RESOLUTIONS: readonly string[] = ['merchant-accepted', 'declined'];
const STATUSES: readonly string[] = [
  'awaiting-merchant-feedback',
  'awaiting-bank-feedback',
  'pending',
  'resolved',
  'archived',
];

interface Evidence {
  id: number;
  customerEmail: string;
  customerName: string;
  customerPhone: string;
  serviceDetails: string;
  deliveryAddress: string | null;
  deliveryDate: string | null;
  createdAt: string;
}

/** A file the merchant was given an upload address for; `bytes` once something was PUT there. */
interface Upload {
  token: string;
  fileName: string;
  requestedName: string;
  bytes: Buffer | null;
}

/** What the merchant sent to `PUT /dispute/:id/resolve`. */
interface MerchantAnswer {
  resolution: Resolution;
  message: string;
  refundAmount: number;
  uploadedFilename: string;
  evidence: number | null;
}

interface Dispute {
  id: number;
  transaction: Transaction;
  refundAmount: number;
  status: DisputeStatus;
  resolution: Resolution | null;
  category: string;
  dueAt: string;
  resolvedAt: string | null;
  /** Every evidence given, oldest first; the dispute shows the latest. */
  evidences: Evidence[];
  uploads: Upload[];
  answer: MerchantAnswer | null;
  history: Array<{ status: DisputeStatus; by: string; createdAt: string }>;
  createdAt: string;
  updatedAt: string;
}

interface OpenOptions {
  /** Subunits; the transaction's amount by default. */
  amount?: number;
  /** Paystack's category ('chargeback' by default, 'fraud', …). */
  category?: string;
  /** The merchant's time to answer (`dueAt`), 48 hours by default. */
  dueInHours?: number;
}

interface DisputesSettings {
  state: StandInState;
  webhooks: WebhookSender;
  /** The stand-in's own address: the signed upload addresses it hands out are served by itself. */
  uploadBaseUrl: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ALREADY_RESOLVED = 'Dispute has already been resolved';
const PAGE_SIZE_DEFAULT = 50;

/**
 * Disputes (chargebacks) on the stand-in's transactions, from Paystack's API reference: a card network opens one
 * on a successful transaction (`controls.open`, `charge.dispute.create`), reminds the merchant
 * (`charge.dispute.remind`), and decides a contested one (`controls.decide`, `charge.dispute.resolve`). The merchant
 * lists and fetches them, adds evidence, uploads files to the address `upload_url` signs (served here), and
 * resolves: `declined` contests it (the bank then decides), `merchant-accepted` gives in (resolved at once).
 */
export function createDisputes({ state, webhooks, uploadBaseUrl }: DisputesSettings) {
  const disputes = new Map<number, Dispute>();

  const evidenceJson = (dispute: Dispute, evidence: Evidence) => ({
    id: evidence.id,
    dispute: dispute.id,
    customer_email: evidence.customerEmail,
    customer_name: evidence.customerName,
    customer_phone: evidence.customerPhone,
    service_details: evidence.serviceDetails,
    delivery_address: evidence.deliveryAddress,
    delivery_date: evidence.deliveryDate,
    createdAt: evidence.createdAt,
    updatedAt: evidence.createdAt,
  });

  const disputeJson = (dispute: Dispute) => {
    const { transaction } = dispute;
    const latest = dispute.evidences.at(-1);
    return {
      id: dispute.id,
      integration: state.integration,
      domain: state.domain,
      refund_amount: dispute.refundAmount,
      currency: transaction.currency,
      status: dispute.status,
      resolution: dispute.resolution,
      category: dispute.category,
      transaction: {
        id: transaction.id,
        domain: state.domain,
        status: transaction.status,
        reference: transaction.reference,
        amount: transaction.amount,
        currency: transaction.currency,
        channel: 'card',
        paid_at: transaction.paidAt,
        created_at: transaction.createdAt,
      },
      transaction_reference: null,
      customer: customerJson(transaction),
      bin: '408408',
      last4: '4081',
      dueAt: dispute.dueAt,
      resolvedAt: dispute.resolvedAt,
      evidence: latest ? evidenceJson(dispute, latest) : null,
      attachments: dispute.answer?.uploadedFilename ?? null,
      note: null,
      history: dispute.history,
      messages: [],
      createdAt: dispute.createdAt,
      updatedAt: dispute.updatedAt,
    };
  };

  function moveTo(dispute: Dispute, status: DisputeStatus, by: string, resolution?: Resolution): void {
    dispute.status = status;
    dispute.updatedAt = timestamp();
    dispute.history.push({ status, by, createdAt: dispute.updatedAt });
    if (resolution) {
      dispute.resolution = resolution;
      dispute.resolvedAt = dispute.updatedAt;
    }
  }

  const disputeOf = (params: string[]) => disputes.get(Number(params[0])) ?? null;
  const NOT_FOUND = refuse(404, 'Dispute not found');

  /** GET /dispute: newest first, filtered by `from`/`to` (when it was opened), `status`, `transaction` (its id). */
  function list({ query }: StandInRequest): Reply {
    const from = query.get('from');
    const to = query.get('to');
    const status = query.get('status');
    const transaction = query.get('transaction');
    const bounds = [from, to].map((value) => (value ? new Date(value).getTime() : null));
    if (bounds.some((bound) => bound !== null && Number.isNaN(bound))) return refuse(400, 'Invalid date');
    if (status && !STATUSES.includes(status)) return refuse(400, 'Invalid status');
    const [after, before] = bounds;
    const all = [...disputes.values()]
      .filter((dispute) => {
        const opened = new Date(dispute.createdAt).getTime();
        return (
          (after === null || after === undefined || opened >= after) &&
          (before === null || before === undefined || opened < before) &&
          (!status || dispute.status === status) &&
          (!transaction || String(dispute.transaction.id) === transaction)
        );
      })
      .sort((a, b) => b.id - a.id);
    const perPage = Math.max(Number(query.get('perPage')) || PAGE_SIZE_DEFAULT, 1);
    const page = Math.max(Number(query.get('page')) || 1, 1);
    const skipped = (page - 1) * perPage;
    return ok('Disputes retrieved', all.slice(skipped, skipped + perPage).map(disputeJson), {
      total: all.length,
      skipped,
      perPage,
      page,
      pageCount: Math.max(Math.ceil(all.length / perPage), 1),
    });
  }

  /** GET /dispute/:id */
  function fetchDispute({ params }: StandInRequest): Reply {
    const dispute = disputeOf(params);
    return dispute ? ok('Dispute retrieved', disputeJson(dispute)) : NOT_FOUND;
  }

  /** GET /dispute/:id/upload_url?upload_filename=: a signed address to PUT the file's bytes to, and its name. */
  function uploadUrl({ params, query }: StandInRequest): Reply {
    const dispute = disputeOf(params);
    if (!dispute) return NOT_FOUND;
    const requestedName = query.get('upload_filename') ?? '';
    if (!requestedName) return refuse(400, 'upload_filename is required');
    const upload: Upload = {
      token: randomCode('', 24),
      fileName: `${randomCode('', 20)}${extname(requestedName).toLowerCase()}`,
      requestedName,
      bytes: null,
    };
    dispute.uploads.push(upload);
    return ok('Upload url generated', {
      signedUrl: `${uploadBaseUrl}/dispute-uploads/${upload.token}?X-Amz-Expires=300`,
      fileName: upload.fileName,
    });
  }

  /** PUT to a signed upload address (no secret key: the address is the credential): the bytes are kept. */
  function receiveUpload(request: StandInRequest): Reply {
    const upload = [...disputes.values()]
      .flatMap((dispute) => dispute.uploads)
      .find((candidate) => candidate.token === request.params[0]);
    if (!upload) return { kind: 'html', status: 403, html: 'SignatureDoesNotMatch' };
    upload.bytes = Buffer.from(request.bytes);
    return { kind: 'html', status: 200, html: '' };
  }

  /** POST /dispute/:id/evidence: the merchant's account of the sale (given again, the dispute shows the latest). */
  function addEvidence({ params, body }: StandInRequest): Reply {
    const dispute = disputeOf(params);
    if (!dispute) return NOT_FOUND;
    const absent = missing(body, ['customer_email', 'customer_name', 'customer_phone', 'service_details']);
    if (absent) return absent;
    if (!EMAIL.test(text(body, 'customer_email').trim())) return refuse(400, 'Invalid customer email');
    const deliveryDate = text(body, 'delivery_date') || null;
    if (deliveryDate && !DAY.test(deliveryDate))
      return refuse(400, 'delivery_date must be a date (YYYY-MM-DD)');
    if (dispute.status !== 'awaiting-merchant-feedback') return refuse(400, ALREADY_RESOLVED);
    const evidence: Evidence = {
      id: state.nextId(),
      customerEmail: text(body, 'customer_email').trim(),
      customerName: text(body, 'customer_name'),
      customerPhone: text(body, 'customer_phone'),
      serviceDetails: text(body, 'service_details'),
      deliveryAddress: text(body, 'delivery_address') || null,
      deliveryDate,
      createdAt: timestamp(),
    };
    dispute.evidences.push(evidence);
    dispute.updatedAt = evidence.createdAt;
    return ok('Evidence created', evidenceJson(dispute, evidence), undefined, 201);
  }

  /** PUT /dispute/:id/resolve: `declined` (with the evidence) goes to the bank, `merchant-accepted` is resolved. */
  function resolve({ params, body }: StandInRequest): Reply {
    const dispute = disputeOf(params);
    if (!dispute) return NOT_FOUND;
    const absent = missing(body, ['resolution', 'message', 'refund_amount', 'uploaded_filename']);
    if (absent) return absent;
    const resolution = text(body, 'resolution');
    if (!RESOLUTIONS.includes(resolution)) return refuse(400, 'Invalid resolution');
    const refundAmount = Number(body.refund_amount);
    if (!Number.isSafeInteger(refundAmount) || refundAmount < 0 || refundAmount > dispute.transaction.amount)
      return refuse(400, 'Invalid refund amount');
    if (resolution === 'declined') {
      const noEvidence = missing(body, ['evidence']);
      if (noEvidence) return noEvidence;
      if (!dispute.evidences.some((evidence) => String(evidence.id) === text(body, 'evidence')))
        return refuse(400, 'Evidence not found for this dispute');
    }
    const uploadedFilename = text(body, 'uploaded_filename');
    if (!dispute.uploads.some((upload) => upload.fileName === uploadedFilename && upload.bytes))
      return refuse(400, 'Uploaded file not found');
    if (dispute.status !== 'awaiting-merchant-feedback') return refuse(400, ALREADY_RESOLVED);
    dispute.answer = {
      resolution: resolution as Resolution,
      message: text(body, 'message'),
      refundAmount,
      uploadedFilename,
      evidence: resolution === 'declined' ? Number(text(body, 'evidence')) : null,
    };
    if (resolution === 'declined') {
      moveTo(dispute, 'awaiting-bank-feedback', 'merchant');
    } else {
      moveTo(dispute, 'resolved', 'merchant', 'merchant-accepted');
      webhooks.send('charge.dispute.resolve', disputeJson(dispute));
    }
    return ok('Dispute updated', disputeJson(dispute));
  }

  const routes: Route[] = [
    { method: 'GET', pattern: /^\/dispute$/, handle: list },
    { method: 'GET', pattern: /^\/dispute\/(\d+)$/, handle: fetchDispute },
    { method: 'GET', pattern: /^\/dispute\/(\d+)\/upload_url$/, handle: uploadUrl },
    { method: 'POST', pattern: /^\/dispute\/(\d+)\/evidence$/, handle: addEvidence },
    { method: 'PUT', pattern: /^\/dispute\/(\d+)\/resolve$/, handle: resolve },
    { method: 'PUT', pattern: /^\/dispute-uploads\/([a-z0-9]+)$/, public: true, handle: receiveUpload },
  ];

  const known = (id: number) => {
    const dispute = disputes.get(id);
    if (!dispute) throw new Error(`No dispute ${id}`);
    return dispute;
  };

  const controls = {
    /** The customer's bank disputes a successful transaction: `charge.dispute.create`; answers the dispute's id. */
    open(reference: string, options: OpenOptions = {}): number {
      const transaction = state.transactions.get(reference);
      if (transaction?.status !== 'success') throw new Error(`No successful transaction ${reference}`);
      const now = timestamp();
      const dispute: Dispute = {
        id: state.nextId(),
        transaction,
        refundAmount: options.amount ?? transaction.amount,
        status: 'awaiting-merchant-feedback',
        resolution: null,
        category: options.category ?? 'chargeback',
        dueAt: new Date(Date.now() + (options.dueInHours ?? 48) * 3_600_000).toISOString(),
        resolvedAt: null,
        evidences: [],
        uploads: [],
        answer: null,
        history: [{ status: 'awaiting-merchant-feedback', by: 'bank', createdAt: now }],
        createdAt: now,
        updatedAt: now,
      };
      disputes.set(dispute.id, dispute);
      webhooks.send('charge.dispute.create', disputeJson(dispute));
      return dispute.id;
    },

    /** Paystack reminds the merchant of an unanswered dispute: `charge.dispute.remind`. */
    remind(id: number): void {
      const dispute = known(id);
      if (dispute.status !== 'awaiting-merchant-feedback') throw new Error(`Dispute ${id} is answered`);
      webhooks.send('charge.dispute.remind', disputeJson(dispute));
    },

    /**
     * The bank decides a contested dispute (`charge.dispute.resolve`): `win` keeps the merchant's `declined`,
     * `lose` refunds the customer, reported as `merchant-accepted` (Paystack's word for the customer refunded).
     */
    decide(id: number, outcome: 'win' | 'lose'): void {
      const dispute = known(id);
      if (dispute.status !== 'awaiting-bank-feedback') throw new Error(`Dispute ${id} is not with the bank`);
      moveTo(dispute, 'resolved', 'bank', outcome === 'win' ? 'declined' : 'merchant-accepted');
      webhooks.send('charge.dispute.resolve', disputeJson(dispute));
    },

    /** A dispute as `GET /dispute/:id` answers it, with what the merchant sent (its answer and uploaded files). */
    find(id: number) {
      const dispute = known(id);
      return {
        ...disputeJson(dispute),
        answer: dispute.answer,
        uploads: dispute.uploads.map(({ token: _token, ...upload }) => upload),
      };
    },
  };

  return { routes, controls };
}

export type DisputeControls = ReturnType<typeof createDisputes>['controls'];
