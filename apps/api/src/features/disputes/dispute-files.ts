import { createReadStream } from 'node:fs';
import { DISPUTE_FILE_ACCEPTED_TYPES, DISPUTE_MESSAGES, type DisputeFile } from '@bizdash/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { findOwnedFiles, type MultipartForm, storeFile } from '../files/index.ts';
import { findOwnedDispute } from './disputes.repository.ts';

type FileRouteDeps = Pick<AppDeps, 'database' | 'storage' | 'config'>;

/** The acting user's dispute that still takes evidence (404 for another's, 409 once answered or decided). */
export async function answerableDispute(deps: FileRouteDeps, actor: Actor, disputeId: string) {
  const dispute = await findOwnedDispute(deps.database.db, actor.actingUserId, disputeId);
  if (!dispute) throw notFound(DISPUTE_MESSAGES.disputeNotFound);
  if (dispute.status !== 'NEEDS_RESPONSE')
    throw conflict(DISPUTE_MESSAGES.notOpenForEvidence, 'DISPUTE_NOT_OPEN');
  return dispute;
}

/**
 * One evidence file (the `file` field: png, jpeg or pdf by its bytes, 10 MB at most) stored through the files
 * pipeline as the acting user's private file; the evidence names it by its id (fileIds).
 */
export async function uploadEvidenceFile(
  deps: FileRouteDeps,
  actor: Actor,
  dispute: { id: string },
  form: MultipartForm,
): Promise<DisputeFile> {
  const [file, ...others] = form.files;
  if (!file || others.length > 0 || file.fieldname !== 'file') throw badRequest(DISPUTE_MESSAGES.noFile);
  if (file.size === 0) throw badRequest(DISPUTE_MESSAGES.fileEmpty);
  const { fileTypeFromBuffer } = await import('file-type'); // loaded at the first upload, not at start
  const detected = await fileTypeFromBuffer(file.head);
  if (!detected || !(DISPUTE_FILE_ACCEPTED_TYPES as readonly string[]).includes(detected.mime))
    throw badRequest(DISPUTE_MESSAGES.fileBadType);
  const stored = await storeFile(
    {
      db: deps.database.db,
      storage: deps.storage,
      publicUrl: deps.config.publicUrl,
      quotaBytes: deps.config.storage.quotaBytes,
    },
    {
      ownerId: actor.actingUserId,
      purpose: 'dispute_evidence',
      body: { stream: createReadStream(file.path), size: file.size },
      size: file.size,
      contentType: detected.mime,
      originalName: file.filename,
    },
  );
  return {
    id: stored.id,
    name: stored.originalName ?? 'evidence',
    contentType: stored.contentType,
    size: stored.size,
    url: `/api/disputes/${dispute.id}/files/${stored.id}`,
    uploadedAt: stored.createdAt.toISOString(),
  };
}

/** An evidence file of the acting user's dispute: one it names, or an evidence upload of the same user. */
export async function evidenceFile(deps: FileRouteDeps, actor: Actor, disputeId: string, fileId: string) {
  const dispute = await findOwnedDispute(deps.database.db, actor.actingUserId, disputeId);
  if (!dispute) throw notFound(DISPUTE_MESSAGES.disputeNotFound);
  const [file] = await findOwnedFiles(deps.database.db, actor.actingUserId, [fileId]);
  if (!file || (file.purpose !== 'dispute_evidence' && !dispute.evidenceFileIds.includes(file.id)))
    throw notFound('File not found');
  return file;
}
