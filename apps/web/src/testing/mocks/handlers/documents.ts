import {
  type BusinessDocument,
  DeleteDocumentsRequestSchema,
  DOCUMENT_NAMES,
  DocumentListSchema,
  type DocumentName,
} from '@bizdash/shared';
import { http } from 'msw';
import { apiError, contractJson, jsonBody, parseOr400, requireSession } from '../utils';

/** The mocked API's business documents; a test seeds them or makes the next call fail. */
let documents: BusinessDocument[] = [];
let failNext: 'upload' | 'delete' | null = null;
let refuseNext: { status: number; error: string; code: string } | null = null;

export function resetDocumentsMock(seed: BusinessDocument[] = []) {
  documents = [...seed];
  failNext = null;
  refuseNext = null;
}
/** The next upload is refused as the API refuses it (storage full, uploads busy...). */
export const refuseNextUpload = (status: number, error: string, code: string) => {
  refuseNext = { status, error, code };
};
export const failNextDocumentsCall = (call: 'upload' | 'delete') => {
  failNext = call;
};

let sequence = 0;
export function buildDocument(overrides: Partial<BusinessDocument> = {}): BusinessDocument {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    documentName: 'articles_of_incorporation',
    originalFileName: 'articles.pdf',
    derivedFileName: `articles_of_incorporation-${sequence}.pdf`,
    filename: `/api/document/user/${id}/file`,
    size: 342_016,
    contentType: 'application/pdf',
    uploadedAt: new Date('2026-11-20T10:00:00Z').toISOString(),
    ...overrides,
  };
}

const list = () => contractJson(DocumentListSchema, { documents });

export const documentsHandlers = [
  http.get('*/api/document/:userId', ({ request }) => {
    requireSession(request);
    return list();
  }),
  http.post('*/api/document/:userId/upload', async ({ request }) => {
    requireSession(request);
    if (refuseNext) {
      const { status, error, code } = refuseNext;
      refuseNext = null;
      return apiError(status, error, code);
    }
    if (failNext === 'upload') {
      failNext = null;
      return apiError(500, 'Something went wrong', 'INTERNAL');
    }
    const form = await request.formData();
    const names = form.getAll('document_name').map(String);
    form.getAll('files').forEach((file, index) => {
      const name = names[index] as DocumentName;
      // The File class of the test's fetch may not be the page's: a part that is not a string is a file.
      if (typeof file === 'string' || !DOCUMENT_NAMES.includes(name)) return;
      documents = [
        buildDocument({ documentName: name, originalFileName: file.name, size: file.size }),
        ...documents,
      ];
    });
    return list();
  }),
  http.post('*/api/document/delete-documents', async ({ request }) => {
    requireSession(request);
    if (failNext === 'delete') {
      failNext = null;
      return apiError(500, 'Something went wrong', 'INTERNAL');
    }
    const body = parseOr400(DeleteDocumentsRequestSchema, await jsonBody(request));
    const names = new Set(body.documents.map((document) => document.derivedFileName));
    documents = documents.filter((document) => !names.has(document.derivedFileName));
    return list();
  }),
];
