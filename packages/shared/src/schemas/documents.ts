import { z } from 'zod';
import { refuseControlCharacters } from './fields.ts';

/** Business document names of SPEC section 3; status_report is optional, the others are expected. */
export const DOCUMENT_NAMES = [
  'articles_of_incorporation',
  'secretary_of_state_filing',
  'business_tax_id_number',
  'proof_of_business_address',
  'status_report',
] as const;
export type DocumentName = (typeof DOCUMENT_NAMES)[number];

export const DOCUMENT_LABELS: Record<DocumentName, string> = {
  articles_of_incorporation: 'Articles of Incorporation',
  secretary_of_state_filing: 'Secretary of State Filing',
  business_tax_id_number: 'Business Tax ID Number',
  proof_of_business_address: 'Proof of Business Address',
  status_report: 'Status Report',
};

/** Documents a merchant may leave out; the others are expected. */
export const OPTIONAL_DOCUMENTS: readonly DocumentName[] = ['status_report'];

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MAX_FILES = 10;
export const DOCUMENT_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

export const DOCUMENT_MESSAGES = {
  tooLarge: 'File should not be larger than 10MB',
  noFile: 'You must upload at least one document file',
  tooMany: 'Too many files',
  badType: 'File type must be png, jpg, jpeg or pdf',
  badName: 'Each file needs a valid document name',
  empty: 'The file is empty',
} as const;

export const DocumentSchema = z.object({
  id: z.uuid(),
  documentName: z.enum(DOCUMENT_NAMES),
  originalFileName: z.string().nullable(),
  derivedFileName: z.string(),
  /** Where the owner downloads it (signed-in request). */
  filename: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedAt: z.iso.datetime(),
});
export type BusinessDocument = z.infer<typeof DocumentSchema>;

export const DocumentListSchema = z.object({ documents: z.array(DocumentSchema) });
export type DocumentList = z.infer<typeof DocumentListSchema>;

export const DeleteDocumentsRequestSchema = z.object({
  userId: z.uuid({ error: 'User ID is invalid' }),
  documents: z
    .array(
      z.object({
        derivedFileName: refuseControlCharacters(z.string().min(1).max(300), 'Document file name'),
        originalFileName: refuseControlCharacters(z.string().max(300), 'Original file name').nullable(),
      }),
    )
    .min(1, 'Select at least one document')
    .max(50),
});
export type DeleteDocumentsRequest = z.infer<typeof DeleteDocumentsRequestSchema>;

export const DocumentFileParamsSchema = z.object({
  userId: z.uuid({ error: 'User ID is invalid' }),
  documentId: z.uuid({ error: 'Document ID is invalid' }),
});

/** A download link for one private document that works without a token until `expiresAt` (a few minutes). */
export const DocumentLinkSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type DocumentLink = z.infer<typeof DocumentLinkSchema>;

/** A file's real size for people: 342 B, 334 KB, 2.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
