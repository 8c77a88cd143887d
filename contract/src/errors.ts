import { z } from 'zod';
import { errorCodes } from './errorCodes';

export * from './errorCodes';

/** The reply of every failed call. */
export const apiFailure = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: 'A sentence for people, starting with a capital letter.' }),
    code: z.enum(errorCodes).meta({ description: 'A stable code for programs.' }),
  })
  .meta({ id: 'ApiFailure' });
export type ApiFailure = z.infer<typeof apiFailure>;
