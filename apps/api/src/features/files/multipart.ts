import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES, DOCUMENT_MESSAGES } from '@bizdash/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';

const FILE_NAME_REFUSED = 'File name must not contain a path';

interface UploadedPart {
  fieldname: string;
  filename: string;
  bytes: Buffer;
}

export interface MultipartForm {
  files: UploadedPart[];
  fields: Record<string, string[]>;
}

/** Limits busboy enforces while the body streams in: an oversize file or an 11th file stops the read there. */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: DOCUMENT_MAX_BYTES,
      files: DOCUMENT_MAX_FILES,
      fields: 40,
      fieldSize: 1024,
      parts: 60,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
    // Keep the name as sent, so a path in it is seen and refused rather than silently cut.
    preservePath: true,
  });
}

const limitMessages: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: DOCUMENT_MESSAGES.tooLarge,
  FST_FILES_LIMIT: DOCUMENT_MESSAGES.tooMany,
  FST_PARTS_LIMIT: DOCUMENT_MESSAGES.tooMany,
  FST_FIELDS_LIMIT: 'Too many fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: DOCUMENT_MESSAGES.noFile,
};

/** Reads the whole form within the limits; any limit crossed is a 400 naming it, and nothing is stored. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(DOCUMENT_MESSAGES.noFile);
  const form: MultipartForm = { files: [], fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Browsers send a bare name; a path in it is an attack on whoever trusts it, so it is refused.
        if (/[\\/]|^\.\.?$/.test(part.filename)) throw badRequest(FILE_NAME_REFUSED);
        const bytes = await part.toBuffer();
        form.files.push({ fieldname: part.fieldname, filename: part.filename, bytes });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        form.fields[part.fieldname] = [...(form.fields[part.fieldname] ?? []), value];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    throw badRequest(limitMessages[code] ?? 'The upload could not be read');
  }
  return form;
}

/** One image in the `file` field: anything else, or no file, is 'Please select a valid image'. */
export async function readSingleImage(request: FastifyRequest, invalid: string): Promise<UploadedPart> {
  const form = await readMultipart(request).catch(() => {
    throw badRequest(invalid);
  });
  const [file, ...others] = form.files;
  if (!file || others.length > 0 || file.fieldname !== 'file') throw badRequest(invalid);
  return file;
}
