import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, messages } from '@dwellscape/shared';
import { AppError, badInput, invalidField } from '../errors';

export interface MultipartFormLimits {
  /** Names of the file fields the form accepts; other file parts are refused. */
  fileFields: readonly string[];
  /** Largest accepted file, inclusive. */
  maxFileBytes?: number;
  /** Largest accepted plain field value. */
  maxFieldBytes?: number;
  maxFields?: number;
}

export interface MultipartForm {
  files: Map<string, Buffer>;
  fields: Map<string, string>;
}

/** Whole-request ceiling that lets a full-size file through with room for the form around it. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * Reads a multipart form into memory with hard caps. A file is counted as it streams, so
 * the cap holds whatever Content-Length claims (or with chunked transfer), and a refused
 * file is never written anywhere.
 */
export async function readMultipartForm(request: FastifyRequest, limits: MultipartFormLimits): Promise<MultipartForm> {
  const maxFileBytes = limits.maxFileBytes ?? UPLOAD_MAX_BYTES;
  const maxFieldBytes = limits.maxFieldBytes ?? 256 * 1024;
  const declaredLength = Number(request.headers['content-length']);
  if (
    Number.isFinite(declaredLength) &&
    declaredLength > maxFileBytes * limits.fileFields.length + FORM_OVERHEAD_BYTES
  ) {
    throw new AppError('too_large', messages.upload.tooLarge);
  }

  const files = new Map<string, Buffer>();
  const fields = new Map<string, string>();
  try {
    const parts = request.parts({
      limits: {
        // one byte past the cap is how an oversized file shows itself
        fileSize: maxFileBytes + 1,
        files: limits.fileFields.length,
        fields: limits.maxFields ?? 20,
        fieldSize: maxFieldBytes,
        fieldNameSize: 100,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!limits.fileFields.includes(part.fieldname) || files.has(part.fieldname)) {
          part.file.destroy();
          throw badInput(`Unexpected file field "${part.fieldname}"`, { field: part.fieldname });
        }
        files.set(part.fieldname, await readCapped(part.file, maxFileBytes));
      } else {
        if (part.valueTruncated) throw invalidField(part.fieldname, 'is too long');
        if (fields.has(part.fieldname)) throw invalidField(part.fieldname, 'sent more than once');
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      }
    }
  } catch (err) {
    throw asClientError(err);
  }
  return { files, fields };
}

async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes) {
      chunks.length = 0;
      stream.destroy();
      throw new AppError('too_large', messages.upload.tooLarge);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}

/** A broken or over-long form is the client's fault: never let it become a 500. */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('too_large', messages.upload.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new AppError('too_large', 'Too many files in one request');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('too_large', 'Too many form fields');
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return badInput(`The form could not be read: ${(err as Error).message}`);
  }
  return badInput('The form could not be read: it was malformed or cut short');
}
