import { apiFailure, type RouteContract } from '@movieclub/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../auth/service';
import { requireUser } from '../auth/session';
import { badRequest } from './errors';

/** Where a value came from, as the sentences name it. */
const PART_NAMES: Record<string, string> = { body: 'request body', querystring: 'query', params: 'address', headers: 'headers' };

/** The first problem of a failed parse, as one sentence for people. */
export function sentenceFor(issues: z.core.$ZodIssue[], what: string): string {
  const issue = issues[0];
  const message = issue?.message ?? `The ${what} is not valid.`;
  // zod's built-in messages are not sentences for people; name the field instead.
  if (message.startsWith('Invalid input') || message.startsWith('Invalid option') || message.startsWith('Too ')) {
    const field = issue?.path.join('.') || what;
    return `The field '${field}' is not valid.`;
  }
  return message;
}

/**
 * Validates each request part with its contract schema. A failure becomes a 400
 * with the schema's own sentence; a body must be a JSON object before its fields count.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const what = PART_NAMES[httpPart ?? ''] ?? 'request';
    // A lenient body (a schema that is not a plain object, e.g. with a fallback) takes anything.
    if (httpPart === 'body' && schema instanceof z.ZodObject && (data === null || typeof data !== 'object' || Array.isArray(data))) {
      return { error: badRequest('The request body must be a JSON object.') };
    }
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: badRequest(sentenceFor(result.error.issues, what)) };
  };

/** A reply that does not match its contract: a bug on the server, caught by the tests. */
export class ReplyContractError extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The reply of ${route} does not match its contract: ${JSON.stringify(issues.slice(0, 3))}`);
    this.name = 'ReplyContractError';
  }
}

/** The JSON text of each reply made by `keptReplies`, once made (null until then). */
const keptTexts = new WeakMap<object, string | null>();

/**
 * Replies around answers the server keeps per version (the same object for every call until
 * its version changes), each built once by `build` and its JSON text made once. A call then
 * sends the very string it sent before, which the compression hook finds its compressed copy
 * by without reading it (a string keeps its hash). An answer made for one call costs a lookup.
 */
export function keptReplies<K extends object, R extends object>(build: (kept: K) => R): (kept: K) => R {
  const replies = new WeakMap<K, R>();
  return (kept) => {
    let reply = replies.get(kept);
    if (!reply) {
      reply = build(kept);
      replies.set(kept, reply);
      keptTexts.set(reply, null);
    }
    return reply;
  };
}

/**
 * Replies are sent as they are built (no copy, no dropped fields). With
 * `checkReplies` (the test suites) each is first checked against its schema, so a
 * reply that drifts from the contract fails a test instead of reaching a client.
 */
export const serializerCompiler =
  (checkReplies: boolean): FastifySerializerCompiler<z.ZodType> =>
  ({ schema, method, url }) =>
  (data) => {
    if (checkReplies) {
      const result = schema.safeParse(data);
      if (!result.success) throw new ReplyContractError(`${method} ${url}`, result.error.issues);
    }
    const kept = typeof data === 'object' && data !== null ? keptTexts.get(data) : undefined;
    if (kept) return kept;
    const text = JSON.stringify(data);
    if (kept === null) keptTexts.set(data as object, text);
    return text;
  };

type Input<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler gets: parsed, typed values and no casts; a signed-in-only route's user is there. */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: Input<C['params']>;
  Querystring: Input<C['query']>;
  Body: Input<C['body']>;
}> &
  (C['auth'] extends 'required' ? { user: SessionUser } : unknown);

/** Answers with the reply its contract names; a route with a non-JSON reply sends it itself and returns the reply object. */
export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<z.input<C['reply']> | FastifyReply>;

/** Anonymous callers of a signed-in-only route get 401 (with the route's own sentence, if any) before their input is read. */
const requireSignedIn = (sentence?: string) => async (request: FastifyRequest) => {
  requireUser(request, sentence);
};

/**
 * A signed-in-only route's request limit leaves visitors uncounted: their calls get the 401 (the
 * limit runs before the sign-in check), never a 429 for a call they could not make anyway.
 */
function signedInLimits(contract: RouteContract, options: Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>) {
  const limit = options.config?.rateLimit;
  if (contract.auth !== 'required' || !limit) return options;
  return { ...options, config: { ...options.config, rateLimit: { ...limit, allowList: (request: FastifyRequest) => !request.user } } };
}

/**
 * Registers a route from its contract: schemas for validation, the reply and the
 * OpenAPI document, the sign-in requirement, and any extra route options (rate
 * limits). Curried so the contract fixes the types before the handler is read:
 * `contractRoute(app, api.pick)(async (request) => …)`.
 */
export function contractRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  options: Pick<RouteShorthandOptions, 'config' | 'bodyLimit'> = {},
) {
  return (handler: ContractHandler<C>): void => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.route({
      ...signedInLimits(contract, options),
      method: contract.method,
      url: contract.path,
      schema: {
        summary: contract.summary,
        tags: [contract.tag],
        ...(contract.params ? { params: contract.params } : {}),
        ...(contract.query ? { querystring: contract.query } : {}),
        ...(contract.body ? { body: contract.body } : {}),
        ...(contract.auth === 'required' ? { security: [{ session: [] }] } : {}),
        response: {
          200: contract.produces
            ? { description: contract.summary, content: Object.fromEntries([contract.produces].flat().map((type) => [type, { schema: contract.reply }])) }
            : contract.reply,
          '4xx': apiFailure,
          '5xx': apiFailure,
        },
      },
      ...(contract.auth === 'required' ? { preValidation: requireSignedIn(contract.signInSentence) } : {}),
      handler: handler as never,
    });
  };
}
