import {
  DISPUTE_FILE_ACCEPTED_TYPES,
  DISPUTE_FILE_MAX_BYTES,
  DISPUTE_MESSAGES,
  type DisputeDetail,
  DisputeDetailSchema,
  DisputeEvidenceRequestSchema,
  type DisputeFile,
  DisputeFileSchema,
  DisputeIdParamsSchema,
  DisputeListQuerySchema,
  DisputePageSchema,
  DisputeSummarySchema,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import {
  apiError,
  contractJson,
  gate,
  jsonBody,
  notFound,
  pageWindow,
  parseOr400,
  queryOf,
  requireSession,
} from '../utils';

/** Evidence uploads wait until the test opens the gate (to see their progress bars); set by holdEvidenceUploads. */
let uploadGate: ReturnType<typeof gate> | null = null;

/** Holds every evidence upload until the returned function is called. */
export function holdEvidenceUploads(): () => void {
  const held = gate();
  uploadGate = held;
  return () => {
    held.open();
    if (uploadGate === held) uploadGate = null;
  };
}

/** The next POST of evidence or accept is refused as the API refuses it. */
export function refuseNextDisputeAnswer(status: number, error: string, code: string) {
  db.disputeRefusal = { status, error, code };
}

const needsResponseCount = () => db.disputes.filter((dispute) => dispute.status === 'NEEDS_RESPONSE').length;

/** As the API orders them: needing an answer first (soonest due), then newest. */
function compare(a: DisputeDetail, b: DisputeDetail) {
  const aOpen = a.status === 'NEEDS_RESPONSE';
  const bOpen = b.status === 'NEEDS_RESPONSE';
  if (aOpen !== bOpen) return aOpen ? -1 : 1;
  if (aOpen) return Date.parse(a.evidenceDueBy) - Date.parse(b.evidenceDueBy);
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

function findDispute(params: Record<string, unknown>) {
  const { disputeId } = parseOr400(DisputeIdParamsSchema, params);
  const dispute = db.disputes.find((candidate) => candidate.id === disputeId);
  if (!dispute) throw notFound(DISPUTE_MESSAGES.disputeNotFound);
  return dispute;
}

function answerable(dispute: DisputeDetail) {
  if (db.disputeRefusal) {
    const { status, error, code } = db.disputeRefusal;
    db.disputeRefusal = null;
    throw apiError(status, error, code);
  }
  if (dispute.status !== 'NEEDS_RESPONSE')
    throw apiError(409, DISPUTE_MESSAGES.notOpenForEvidence, 'DISPUTE_NOT_OPEN');
}

function replace(next: DisputeDetail) {
  db.disputes = db.disputes.map((dispute) => (dispute.id === next.id ? next : dispute));
  return contractJson(DisputeDetailSchema, next);
}

/** Disputes over db.disputes; evidence files over db.disputeFiles. */
export const disputesHandlers = [
  http.get('/api/disputes', ({ request }) => {
    requireSession(request);
    const query = parseOr400(DisputeListQuerySchema, queryOf(request));
    const selected = db.disputes
      .filter(
        (dispute) =>
          (!query.status || dispute.status === query.status) &&
          (!query.transactionId || dispute.paymentTransactionId === query.transactionId),
      )
      .sort(compare)
      .map(({ payment, evidence: _evidence, timeline: _timeline, ...dispute }) => ({
        ...dispute,
        customerName: payment.customerName,
        customerEmail: payment.customerEmail,
        reference: payment.reference,
      }));
    const [items, { page, size, totalElements }] = pageWindow(selected, query);
    return contractJson(DisputePageSchema, {
      items,
      page,
      size,
      totalElements,
      totalPages: Math.ceil(totalElements / size),
      needsResponseCount: needsResponseCount(),
    });
  }),

  http.get('/api/disputes/summary', ({ request }) => {
    requireSession(request);
    return contractJson(DisputeSummarySchema, { needsResponseCount: needsResponseCount() });
  }),

  http.get('/api/disputes/:disputeId', ({ request, params }) => {
    requireSession(request);
    return contractJson(DisputeDetailSchema, findDispute(params));
  }),

  http.post('/api/disputes/:disputeId/files', async ({ request, params }) => {
    requireSession(request);
    const dispute = findDispute(params);
    answerable(dispute);
    const form = await request.formData();
    const file = form.get('file');
    if (uploadGate) await uploadGate.opened;
    // The File class of the test's fetch may not be the page's: a part that is not a string is a file.
    if (!file || typeof file === 'string') return apiError(400, DISPUTE_MESSAGES.noFile, 'VALIDATION_ERROR');
    if (file.size > DISPUTE_FILE_MAX_BYTES)
      return apiError(400, DISPUTE_MESSAGES.fileTooLarge, 'VALIDATION_ERROR');
    if (file.type && !(DISPUTE_FILE_ACCEPTED_TYPES as readonly string[]).includes(file.type))
      return apiError(400, DISPUTE_MESSAGES.fileBadType, 'VALIDATION_ERROR');
    const id = crypto.randomUUID();
    const stored: DisputeFile = {
      id,
      // jsdom's XMLHttpRequest drops a part's file name (browsers keep it).
      name: file.name && file.name !== 'blob' ? file.name : 'evidence',
      contentType: file.type || 'application/pdf',
      size: file.size,
      url: `/api/disputes/${dispute.id}/files/${id}`,
      uploadedAt: new Date().toISOString(),
    };
    db.disputeFiles = [...db.disputeFiles, stored];
    return contractJson(DisputeFileSchema, stored, 201);
  }),

  http.post('/api/disputes/:disputeId/evidence', async ({ request, params }) => {
    requireSession(request);
    const dispute = findDispute(params);
    const input = parseOr400(DisputeEvidenceRequestSchema, await jsonBody(request));
    answerable(dispute);
    const known = [...db.disputeFiles, ...(dispute.evidence?.files ?? [])];
    const files = input.fileIds.map((fileId) => known.find((file) => file.id === fileId));
    if (files.some((file) => !file)) return apiError(400, DISPUTE_MESSAGES.unknownFile, 'UNKNOWN_FILE');
    const now = new Date().toISOString();
    return replace({
      ...dispute,
      status: input.submit ? 'UNDER_REVIEW' : dispute.status,
      evidence: {
        explanation: input.explanation,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        deliveryDetails: input.deliveryDetails,
        files: files.filter((file): file is DisputeFile => Boolean(file)),
        submittedAt: input.submit ? now : null,
        updatedAt: now,
      },
      timeline: [
        ...dispute.timeline,
        input.submit
          ? { kind: 'EVIDENCE_SUBMITTED', at: now, description: 'Evidence submitted to the card network' }
          : { kind: 'EVIDENCE_SAVED', at: now, description: 'Evidence draft saved' },
      ],
    });
  }),

  http.post('/api/disputes/:disputeId/accept', ({ request, params }) => {
    requireSession(request);
    const dispute = findDispute(params);
    answerable(dispute);
    const now = new Date().toISOString();
    return replace({
      ...dispute,
      status: 'ACCEPTED',
      closedAt: now,
      timeline: [...dispute.timeline, { kind: 'ACCEPTED', at: now, description: 'You accepted the dispute' }],
    });
  }),
];
