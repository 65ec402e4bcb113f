import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES, DOCUMENT_MESSAGES } from '@bizdash/shared';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';

const FILE_NAME_REFUSED = 'File name must not contain a path';
/** Enough of a file's start for file-type to tell png, jpeg and pdf (and what poses as them) apart. */
const HEAD_BYTES = 4100;

/** One uploaded file, spooled to a temporary file while it streamed in: only its first bytes are in memory. */
export interface UploadedPart {
  fieldname: string;
  filename: string;
  /** The temporary file; it is removed when the request's upload work ends (withMultipart). */
  path: string;
  size: number;
  /** The first bytes, to read the type from. */
  head: Buffer;
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

/**
 * A multipart route's `schema.body` describes its form for the OpenAPI document (file fields as binary). The
 * form itself is streamed and checked by withMultipart, so the body validator lets the (unparsed) body through;
 * params and the rest are still checked by their zod schemas.
 */
export const multipartRoute: { validatorCompiler: FastifySchemaCompiler<unknown> } = {
  validatorCompiler: (route) =>
    route.httpPart === 'body'
      ? () => true
      : validatorCompiler({ ...route, schema: route.schema as z.ZodType }),
};

/** The form of an image upload: one png or jpeg in `file`. */
export const ImageUploadFormSchema = z.object({
  file: z.file().mime(['image/png', 'image/jpeg']).max(DOCUMENT_MAX_BYTES).meta({
    description:
      'The image: png or jpeg by its bytes, 10 MB at most; stored re-encoded (1024 px, no metadata)',
  }),
});

const limitMessages: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: DOCUMENT_MESSAGES.tooLarge,
  FST_FILES_LIMIT: DOCUMENT_MESSAGES.tooMany,
  FST_PARTS_LIMIT: DOCUMENT_MESSAGES.tooMany,
  FST_FIELDS_LIMIT: 'Too many fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: DOCUMENT_MESSAGES.noFile,
};

/** Streams one file part to disk (64 KB at a time), counting its size and keeping its first bytes. */
async function spool(part: MultipartFile, target: string): Promise<UploadedPart> {
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const slice = chunk.subarray(0, HEAD_BYTES - headLength);
        head.push(slice);
        headLength += slice.length;
      }
      done(null, chunk);
    },
  });
  await pipeline(part.file, measure, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  if (part.file.truncated) throw badRequest(DOCUMENT_MESSAGES.tooLarge);
  return {
    fieldname: part.fieldname,
    filename: part.filename,
    path: target,
    size,
    head: Buffer.concat(head),
  };
}

async function readParts(request: FastifyRequest, directory: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(DOCUMENT_MESSAGES.noFile);
  const form: MultipartForm = { files: [], fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Browsers send a bare name; a path in it is an attack on whoever trusts it, so it is refused.
        if (/[\\/]|^\.\.?$/.test(part.filename)) throw badRequest(FILE_NAME_REFUSED);
        form.files.push(await spool(part, path.join(directory, String(form.files.length))));
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

/**
 * Reads the whole form within the limits, each file streamed to a private temporary directory (never whole in
 * memory), and hands it to `work`; the directory is removed afterwards, whatever happened. Any limit crossed is a
 * 400 naming it, and nothing is stored.
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  work: (form: MultipartForm) => Promise<T>,
): Promise<T> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bizdash-upload-'));
  try {
    return await work(await readParts(request, directory));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** One image in the `file` field: anything else, or no file, is `invalid` ('Please select a valid image'). */
export function withSingleImage<T>(
  request: FastifyRequest,
  invalid: string,
  work: (file: UploadedPart) => Promise<T>,
): Promise<T> {
  return withMultipart(request, async (form) => {
    const [file, ...others] = form.files;
    if (!file || others.length > 0 || file.fieldname !== 'file') throw badRequest(invalid);
    return work(file);
  }).catch((error: unknown) => {
    // A limit crossed or an unreadable form says the same as a wrong file; quota and busy errors say their own.
    if (error instanceof AppError && error.statusCode === 400) throw badRequest(invalid);
    throw error;
  });
}
