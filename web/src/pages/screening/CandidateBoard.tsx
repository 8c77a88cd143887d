import { SCREENING_UP_VOTES_MAX, SCREENING_VETOES_MAX, type ScreeningCandidate, type ScreeningDetail, watchlistIdentifier } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Link } from 'react-router-dom';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { castVote, takeBackVote } from '../../api/screenings';
import { mayAnswer } from './answering';
import { Phrase } from '../../components/Phrase';
import { withBase } from '../../lib/basePath';
import { formatNumber, t } from '../../i18n';

type VoteChange = { movieId: number; vote: 'up' | 'veto'; undo: boolean };

const names = (people: string[]) => people.join(', ');

function CandidateFacts({ candidate }: { candidate: ScreeningCandidate }) {
  return (
    <ul className="candidate-facts">
      <li>
        <i className="pi pi-thumbs-up" aria-hidden="true" /> {candidate.up_votes.length === 1 ? t('1 vote') : t('{{n}} votes', { n: candidate.up_votes.length })}
        {candidate.up_votes.length > 0 && <span className="candidate-people">: {names(candidate.up_votes)}</span>}
      </li>
      {candidate.vetoed_by.length > 0 && (
        <li className="candidate-veto">
          <i className="pi pi-ban" aria-hidden="true" /> {t('Vetoed by {{names}}', { names: names(candidate.vetoed_by) })}
        </li>
      )}
      {candidate.seen_by.length > 0 && (
        <li>
          <i className="pi pi-eye" aria-hidden="true" /> {t('Seen by {{names}}', { names: names(candidate.seen_by) })}
        </li>
      )}
    </ul>
  );
}

/**
 * The candidates: each with its votes, vetoes, who coming has seen it and the group's
 * predicted score; those coming vote for up to three and veto one. Movies vetoed or
 * already seen by someone coming stay on the board, marked out of the pick.
 */
export function CandidateBoard({ screening, signedIn }: { screening: ScreeningDetail; signedIn: boolean }) {
  const queryClient = useQueryClient();
  const mine = screening.my_votes ?? { up: [], veto: null };
  const change = useMutation({
    mutationFn: ({ movieId, vote, undo }: VoteChange) => (undo ? takeBackVote(screening.id, movieId) : castVote(screening.id, { movie_id: movieId, vote })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.screening(screening.id) }),
  });
  // One change at a time, without disabling the buttons meanwhile (that would drop the keyboard's focus).
  const vote = (next: VoteChange) => {
    if (!change.isPending) change.mutate(next);
  };
  const canVote = screening.permissions.vote;
  const upsLeft = SCREENING_UP_VOTES_MAX - mine.up.length;

  return (
    <section className="candidate-board" aria-labelledby="candidates-heading">
      <div className="candidate-board-head">
        <h2 id="candidates-heading">{t('Candidates')}</h2>
        {canVote ? (
          <p className="screening-hint">
            {t('Your votes: {{up}} of {{upMax}} · veto: {{veto}} of {{vetoMax}}', {
              up: mine.up.length,
              upMax: SCREENING_UP_VOTES_MAX,
              veto: mine.veto === null ? 0 : 1,
              vetoMax: SCREENING_VETOES_MAX,
            })}
          </p>
        ) : (
          mayAnswer(screening, signedIn) && <p className="screening-hint">{signedIn ? t("Answer 'Going' to vote.") : t('Sign in and answer Going to vote.')}</p>
        )}
      </div>
      {change.isError && (
        <p className="screening-error" role="alert">
          {errorText(change.error, t('Could not save your vote. Please try again.'))}
        </p>
      )}
      {screening.list_movies === 0 ? (
        <p className="screening-hint">
          <Phrase
            text={t('{{list}} has no movies yet: add some to it, then vote for them here.')}
            parts={{ list: <Link to={`/watchlist/${watchlistIdentifier(screening.watchlist_id, screening.watchlist_name)}`}>{screening.watchlist_name}</Link> }}
          />
        </p>
      ) : screening.candidates.length === 0 ? (
        <p className="screening-hint">{t('No candidates: everyone coming has seen every movie on the list.')}</p>
      ) : (
        <ol className="candidate-rows">
          {screening.candidates.map((candidate) => {
            const { movie } = candidate;
            const votedUp = mine.up.includes(movie.id);
            const vetoed = mine.veto === movie.id;
            return (
              <li key={movie.id} className={candidate.pickable ? 'candidate' : 'candidate candidate-out'}>
                {movie.poster ? <img src={withBase(movie.poster)} alt="" width={46} height={69} loading="lazy" /> : <div className="candidate-no-poster" aria-hidden="true" />}
                <div className="candidate-text">
                  <Link to={`/movie/${movie.id}`} className="candidate-title">
                    {movie.title}
                    {movie.year !== null && ` (${movie.year})`}
                  </Link>
                  <CandidateFacts candidate={candidate} />
                  {!candidate.pickable && <span className="candidate-out-label">{t('Out of the pick')}</span>}
                </div>
                <div className="candidate-score" title={t('The predicted score of those coming')}>
                  {candidate.predicted_score === null ? '–' : formatNumber(candidate.predicted_score, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false })}
                  <span className="candidate-score-label">{t('predicted')}</span>
                </div>
                {canVote && (
                  <div className="candidate-actions">
                    <Button
                      type="button"
                      size="small"
                      icon="pi pi-thumbs-up"
                      label={votedUp ? t('Voted') : t('Vote')}
                      outlined={!votedUp}
                      aria-pressed={votedUp}
                      aria-label={votedUp ? t('Voted for {{title}}', { title: movie.title }) : t('Vote for {{title}}', { title: movie.title })}
                      disabled={!votedUp && upsLeft <= 0}
                      onClick={() => vote({ movieId: movie.id, vote: 'up', undo: votedUp })}
                    />
                    <Button
                      type="button"
                      size="small"
                      severity="danger"
                      icon="pi pi-ban"
                      label={vetoed ? t('Vetoed') : t('Veto')}
                      outlined={!vetoed}
                      aria-pressed={vetoed}
                      aria-label={vetoed ? t('Vetoed {{title}}', { title: movie.title }) : t('Veto {{title}}', { title: movie.title })}
                      disabled={!vetoed && mine.veto !== null}
                      onClick={() => vote({ movieId: movie.id, vote: 'veto', undo: vetoed })}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
