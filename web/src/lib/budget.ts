import { BUDGET_BANDS, type BudgetBand } from '@movieclub/contract';

const BUDGET_LABELS: Record<BudgetBand, string> = {
  '0-1000': '0 - 1K',
  '1000-10000': '1K - 10K',
  '10000-50000': '10K - 50K',
  '50000-250000': '50K - 250K',
  '250000-1000000': '250K - 1M',
  '1000000-10000000': '1M - 10M',
  '10000000-up': '10M+',
};

/** The Estimated Budget dropdown's options, in band order. */
export const BUDGET_OPTIONS = BUDGET_BANDS.map((value) => ({ value, label: BUDGET_LABELS[value] }));

/** The label of a stored band, or null for none or an unknown value. */
export function budgetLabel(value: string | null | undefined): string | null {
  return value && value in BUDGET_LABELS ? BUDGET_LABELS[value as BudgetBand] : null;
}
