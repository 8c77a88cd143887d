import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * One call of the API: its address, who may make it, and the schemas of its
 * parameters, query, body and successful reply. The server registers routes from
 * these, the OpenAPI document is generated from them, and the client takes its
 * types from them.
 */
export interface RouteContract {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/watchlists/:id`. */
  path: string;
  /** One line for the API documentation. */
  summary: string;
  /** The feature it belongs to (a section of the documentation). */
  tag: string;
  /** `required`: anonymous callers get 401 before anything else is read. */
  auth: 'none' | 'required';
  /** The 401 sentence of a signed-in-only route, when it says more than the general one. */
  signInSentence?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The successful (200) reply. A route that answers with something other than JSON names its content type. */
  reply: z.ZodType;
  /** Content type of a non-JSON reply (an image, a calendar, a zip); several when the address chooses one. */
  produces?: string | readonly string[];
}

/** Declares a route contract, keeping its exact schema types for inference. */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;
