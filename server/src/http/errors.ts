import { defaultErrorCode, type ErrorCode } from '@movieclub/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseBusy } from '../db/database';
import { isDatabaseUnreachable } from '../db/lostConnections';

/** An expected failure: its status, sentence and code go to the client as they are. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? defaultErrorCode(statusCode);
  }
}

export const badRequest = (message: string, code?: ErrorCode) => new HttpError(400, message, code);
export const unauthorized = (message = 'You must be signed in to do that.', code?: ErrorCode) => new HttpError(401, message, code);
export const forbidden = (message: string, code?: ErrorCode) => new HttpError(403, message, code);
export const notFound = (message: string, code?: ErrorCode) => new HttpError(404, message, code);
export const conflict = (message: string, code?: ErrorCode) => new HttpError(409, message, code);

/** The one shape of every failed reply. */
export const failure = (error: string, code: ErrorCode) => ({ success: false as const, error, code });

/** Sentences for the framework's own 4xx errors, which carry technical messages. */
const frameworkSentences: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_ASYNC_CONSTRAINT: 'The address is not valid.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data.',
};

/**
 * What the multipart parser (busboy) throws for a malformed upload: no or an
 * unusable boundary, a body that ends mid-part. Plain errors without a code or status.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Unsupported Content-Type\.$/,
  /^The needle cannot /,
  /unexpected end of multipart data$/i,
];
export const MALFORMED_UPLOAD = 'The upload is not a valid multipart/form-data body.';

/** A parser error of a malformed upload; a part cut short may also surface as the file stream's premature close. */
function isMalformedUpload(error: FastifyError, request: FastifyRequest): boolean {
  if (error.statusCode !== undefined) return false;
  if (MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message))) return true;
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' && request.isMultipart?.() === true;
}

function sentenceFor(error: FastifyError, status: number): string {
  if (error.code && frameworkSentences[error.code]) return frameworkSentences[error.code];
  if (status === 413) return 'The request body is too large.';
  if (status === 415) return 'Send the request body as JSON.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status === 404) return 'Not found.';
  return 'The request could not be understood.';
}

const DATABASE_NOT_ANSWERING = 'The database is not answering. Try again in a moment.';
const DATABASE_BUSY = 'The database is busy with other work. Try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = '5';

/** Turns every error into `{success:false, error}`; a 500 shows only a reference id, a database away a 503. */
export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send(failure(error.message, error.code));
  }
  if (isMalformedUpload(error, request)) {
    request.log.info({ message: error.message }, 'malformed upload refused');
    return reply.status(400).send(failure(MALFORMED_UPLOAD, 'invalid_input'));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, message: error.message }, 'request refused');
    return reply.status(status).send(failure(sentenceFor(error, status), defaultErrorCode(status)));
  }
  // Neither is this call's fault, and both pass: a client may try again, as the header says.
  const databaseAway = isDatabaseUnreachable(error) ? DATABASE_NOT_ANSWERING : isDatabaseBusy(error) ? DATABASE_BUSY : null;
  if (databaseAway) {
    request.log.warn({ err: error }, `request failed: ${databaseAway}`);
    return reply.status(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send(failure(databaseAway, 'unavailable'));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(failure(`Something went wrong on the server (reference ${request.id}).`, 'server_error'));
}
