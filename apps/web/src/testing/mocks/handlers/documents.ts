import {
  type BusinessDocument,
  DeleteDocumentsRequestSchema,
  DOCUMENT_NAMES,
  DocumentListSchema,
  type DocumentName,
} from '@bizdash/shared';
import { http } from 'msw';
import { db } from '../db';
import { apiError, contractJson, jsonBody, parseOr400, requireSession } from '../utils';

/** The next upload is refused as the API refuses it (storage full, uploads busy...). */
export const refuseNextUpload = (status: number, error: string, code: string) => {
  db.uploadRefusal = { status, error, code };
};
/** The next upload or deletion fails as a server error would. */
export const failNextDocumentsCall = (call: 'upload' | 'delete') => {
  db.documentsFailNext = call;
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

const list = () => contractJson(DocumentListSchema, { documents: db.documents });

export const documentsHandlers = [
  http.get('*/api/document/:userId', ({ request }) => {
    requireSession(request);
    return list();
  }),
  http.post('*/api/document/:userId/upload', async ({ request }) => {
    requireSession(request);
    if (db.uploadRefusal) {
      const { status, error, code } = db.uploadRefusal;
      db.uploadRefusal = null;
      return apiError(status, error, code);
    }
    if (db.documentsFailNext === 'upload') {
      db.documentsFailNext = null;
      return apiError(500, 'Something went wrong', 'INTERNAL');
    }
    const form = await request.formData();
    const names = form.getAll('document_name').map(String);
    form.getAll('files').forEach((file, index) => {
      const name = names[index] as DocumentName;
      // The File class of the test's fetch may not be the page's: a part that is not a string is a file.
      if (typeof file === 'string' || !DOCUMENT_NAMES.includes(name)) return;
      db.documents = [
        buildDocument({ documentName: name, originalFileName: file.name, size: file.size }),
        ...db.documents,
      ];
    });
    return list();
  }),
  http.post('*/api/document/delete-documents', async ({ request }) => {
    requireSession(request);
    if (db.documentsFailNext === 'delete') {
      db.documentsFailNext = null;
      return apiError(500, 'Something went wrong', 'INTERNAL');
    }
    const body = parseOr400(DeleteDocumentsRequestSchema, await jsonBody(request));
    const names = new Set(body.documents.map((document) => document.derivedFileName));
    db.documents = db.documents.filter((document) => !names.has(document.derivedFileName));
    return list();
  }),
];
