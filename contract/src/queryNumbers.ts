import { z } from 'zod';

/** A whole number written in a query string (`?limit=50`), from `min` to `max`; `message` for anything else. */
export const wholeIn = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: message });
