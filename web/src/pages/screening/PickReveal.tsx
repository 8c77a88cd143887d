import type { PickedMovie } from '@movieclub/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { withBase } from '../../lib/basePath';
import { t } from '../../i18n';

const SHUFFLE_MS = 1_400;
const STEP_MS = 110;

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface PickRevealProps {
  picked: PickedMovie | null;
  /** Titles to shuffle through before the pick lands. */
  titles: string[];
  /** Raised for each pick that arrives while the page is open: it plays the reveal once. */
  revealToken: number;
}

/**
 * The picked movie. A pick made while the page is open is revealed: the candidates'
 * titles flick past for a moment before it lands. With reduced motion asked for, it
 * lands at once. Screen readers hear only the movie that was picked.
 */
export function PickReveal({ picked, titles, revealToken }: PickRevealProps) {
  const [shuffling, setShuffling] = useState<string | null>(null);

  useEffect(() => {
    if (revealToken === 0 || titles.length < 2 || prefersReducedMotion()) return;
    let step = 0;
    setShuffling(titles[0]);
    const timer = window.setInterval(() => setShuffling(titles[++step % titles.length]), STEP_MS);
    const stop = window.setTimeout(() => {
      window.clearInterval(timer);
      setShuffling(null);
    }, SHUFFLE_MS);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
      setShuffling(null);
    };
    // Only a new pick starts it; the candidates changing meanwhile do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealToken]);

  return (
    <div className="pick-reveal">
      {shuffling !== null && (
        <p className="pick-shuffle" aria-hidden="true">
          {shuffling}
        </p>
      )}
      <div className={shuffling !== null ? 'pick-result pick-hidden' : 'pick-result'} aria-live="polite">
        {shuffling === null &&
          (picked ? (
            <>
              {picked.poster ? <img src={withBase(picked.poster)} alt="" width={120} height={180} /> : <div className="pick-no-poster">{t('No Poster')}</div>}
              <Link to={`/movie/${picked.id}`} className="pick-title">
                {picked.title}
              </Link>
            </>
          ) : (
            <p className="screening-hint">{t('No movie picked yet.')}</p>
          ))}
      </div>
    </div>
  );
}
