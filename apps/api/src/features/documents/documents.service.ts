import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  type BusinessDocument,
  type DeleteDocumentsRequest,
  DOCUMENT_ACCEPTED_TYPES,
  DOCUMENT_MESSAGES,
  DOCUMENT_NAMES,
  type DocumentName,
} from '@bizdash/shared';
import type { DbOrTx } from '../../db/client.ts';
import { type TransactionDeps, withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  deleteOwnedFiles,
  type FileDeps,
  findOwnedFiles,
  type MultipartForm,
  reserveStorage,
  type StoredFile,
  storeFile,
} from '../files/index.ts';
import {
  findOwnedDocument,
  findOwnedDocumentsByDerivedName,
  insertDocument,
  listDocuments,
} from './documents.repository.ts';

type DocumentRow = Awaited<ReturnType<typeof listDocuments>>[number];

const DOCUMENT_NOT_FOUND = 'Document not found';

/** Uploads and deletions write an event, so their transactions wake the job runner. */
type DocumentDeps = FileDeps & TransactionDeps;

const extensionOf: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
};

const documentFilePath = (publicUrl: string, userId: string, documentId: string) =>
  `${publicUrl}/api/document/${userId}/${documentId}/file`;

function toDocument(publicUrl: string, userId: string, row: DocumentRow, file: StoredFile): BusinessDocument {
  return {
    id: row.id,
    documentName: row.documentName as DocumentName,
    originalFileName: file.originalName,
    derivedFileName: row.derivedFileName,
    filename: documentFilePath(publicUrl, userId, row.id),
    size: file.size,
    contentType: file.contentType,
    uploadedAt: row.createdAt.toISOString(),
  };
}

/** Each document with its stored file (the files feature keeps the bytes' rows). */
async function withFiles(db: DbOrTx, userId: string, rows: DocumentRow[]) {
  const files = await findOwnedFiles(
    db,
    userId,
    rows.map((row) => row.fileId),
  );
  const byId = new Map(files.map((file) => [file.id, file]));
  return rows.flatMap((document) => {
    const file = byId.get(document.fileId);
    return file ? [{ document, file }] : [];
  });
}

export async function getDocuments({ db, publicUrl }: FileDeps, userId: string) {
  const documents = await withFiles(db, userId, await listDocuments(db, userId));
  return { documents: documents.map(({ document, file }) => toDocument(publicUrl, userId, document, file)) };
}

/** One of the user's documents and its stored file, else 404. */
export async function documentFile(db: DbOrTx, userId: string, documentId: string) {
  const row = await findOwnedDocument(db, userId, documentId);
  const [found] = row ? await withFiles(db, userId, [row]) : [];
  if (!found) throw notFound(DOCUMENT_NOT_FOUND);
  return found;
}

/** Every file is checked (by its first bytes) before any is stored: one bad file refuses the whole upload. */
async function checkedDocuments(form: MultipartForm) {
  const uploads = form.files.filter((file) => file.fieldname === 'files');
  if (uploads.length === 0 || form.files.length !== uploads.length)
    throw badRequest(DOCUMENT_MESSAGES.noFile);
  const names = form.fields.document_name ?? [];
  if (names.length !== uploads.length && names.length !== 1) throw badRequest(DOCUMENT_MESSAGES.badName);
  return Promise.all(
    uploads.map(async (file, index) => {
      const documentName = names[names.length === 1 ? 0 : index];
      if (!documentName || !(DOCUMENT_NAMES as readonly string[]).includes(documentName))
        throw badRequest(DOCUMENT_MESSAGES.badName);
      if (file.size === 0) throw badRequest(DOCUMENT_MESSAGES.empty);
      const { fileTypeFromBuffer } = await import('file-type'); // loaded at the first upload, not at start
      const detected = await fileTypeFromBuffer(file.head);
      if (!detected || !(DOCUMENT_ACCEPTED_TYPES as readonly string[]).includes(detected.mime))
        throw badRequest(DOCUMENT_MESSAGES.badType);
      return { ...file, documentName, contentType: detected.mime };
    }),
  );
}

export async function uploadDocuments(deps: DocumentDeps, userId: string, form: MultipartForm) {
  const documents = await checkedDocuments(form);
  const stored: string[] = [];
  const uploaded: { documentName: string; originalFileName: string }[] = [];
  try {
    await withTransaction(deps, async (tx) => {
      // The whole upload must fit before any of it is stored; the lock holds until these rows are in.
      const total = documents.reduce((sum, document) => sum + document.size, 0);
      await reserveStorage(tx, deps.quotaBytes, userId, total);
      for (const document of documents) {
        const file = await storeFile(
          { ...deps, db: tx },
          {
            ownerId: userId,
            purpose: 'document',
            // Copied from its temporary file to storage as a stream: never whole in memory.
            body: { stream: createReadStream(document.path), size: document.size },
            size: document.size,
            contentType: document.contentType,
            originalName: document.filename,
          },
        );
        stored.push(file.storageKey);
        uploaded.push({ documentName: document.documentName, originalFileName: file.originalName ?? '' });
        const derivedFileName = `${document.documentName}-${randomBytes(6).toString('hex')}.${extensionOf[document.contentType]}`;
        await insertDocument(tx, {
          userId,
          fileId: file.id,
          documentName: document.documentName,
          derivedFileName,
        });
      }
      await emitEvent(tx, {
        userId,
        type: 'document.uploaded',
        data: {
          userId,
          documents: uploaded,
        },
      });
    });
  } catch (error) {
    // The rows rolled back: their bytes go too.
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return getDocuments(deps, userId);
}

/** The acting user's documents by their derived names (the body's userId is the acting user: plugins/auth.ts). */
export async function deleteDocuments(
  deps: DocumentDeps,
  userId: string,
  { documents }: Pick<DeleteDocumentsRequest, 'documents'>,
) {
  const names = documents.map((document) => document.derivedFileName);
  const removed = await withTransaction(deps, async (tx) => {
    const rows = await withFiles(tx, userId, await findOwnedDocumentsByDerivedName(tx, userId, names));
    // All or nothing: a name that is not this user's document refuses the whole request.
    if (rows.length !== new Set(names).size) throw notFound(DOCUMENT_NOT_FOUND);
    // Deleting the file rows deletes their documents (the foreign key cascades).
    await deleteOwnedFiles(
      tx,
      userId,
      rows.map(({ file }) => file.id),
    );
    await emitEvent(tx, {
      userId,
      type: 'document.deleted',
      data: {
        userId,
        documents: rows.map(({ document, file }) => ({
          documentName: document.documentName,
          originalFileName: file.originalName ?? '',
        })),
      },
    });
    return rows;
  });
  await Promise.all(removed.map(({ file }) => deps.storage.delete(file.storageKey).catch(() => undefined)));
  return getDocuments(deps, userId);
}
