import { createServerTranslator as translatorOf, type ServerTranslate } from '@movieclub/contract';
import { formatNumber } from './index';

export type { ServerTranslate };

/** The server's sentences in the reader's language, numbers written their way (the contract's `serverTranslator.ts`). */
export const createServerTranslator = (catalogue: Record<string, string>): ServerTranslate => translatorOf(catalogue, (value) => formatNumber(value));
