import { RATING_LETTERS } from '@movieclub/contract';
import { t } from '../i18n';
import { withBase } from '../lib/basePath';

/** The image for a TTM grade letter (F D C B A S), or for a 1–7 rating number. */
export function RatingLetter({ grade, size = 28 }: { grade: string | number | null | undefined; size?: number }) {
  const letter = typeof grade === 'number' ? RATING_LETTERS[grade] : grade;
  if (!letter || !/^[FDCBAS]$/.test(letter)) return null;
  const name = t('TTM grade {{letter}}', { letter });
  return <img className="rating-letter" src={withBase(`/ratings/rating_${letter}.png`)} alt={name} title={name} width={size} height={size} />;
}
