import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Link, useLocation } from 'react-router-dom';
import { queryKeys } from '../../api/queryKeys';
import { dismissRatingPrompt, fetchRatingPrompts } from '../../api/screenings';
import { t } from '../../i18n';
import { Phrase } from '../Phrase';
import './screenings.css';

/**
 * After a movie night: 'How was it?' for the newest movie the member watched at one and
 * has not reviewed since. Reviewing it clears the prompt; 'Not now' dismisses it. Hidden
 * on that movie's own page, where the review form is.
 */
export default function RatingPrompts() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const prompts = useQuery({ queryKey: queryKeys.ratingPrompts, queryFn: ({ signal }) => fetchRatingPrompts(signal), staleTime: 60_000 });
  const dismiss = useMutation({
    mutationFn: dismissRatingPrompt,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.ratingPrompts }),
  });
  const prompt = prompts.data?.prompts.find((entry) => !(dismiss.isPending && entry.screening_id === dismiss.variables));
  if (!prompt || pathname === `/movie/${prompt.movie.id}`) return null;
  return (
    <aside className="rating-prompt" aria-label={t('Rate a movie you watched')}>
      <i className="pi pi-star" aria-hidden="true" />
      <p>
        <Phrase
          text={t('You watched {{title}} at the {{list}} movie night. How was it?')}
          parts={{ title: <strong>{prompt.movie.title}</strong>, list: prompt.watchlist_name }}
        />
      </p>
      <Link to={`/movie/${prompt.movie.id}`} className="p-button p-button-sm rating-prompt-rate">
        {t('Rate it')}
      </Link>
      <Button type="button" size="small" text label={t('Not now')} onClick={() => dismiss.mutate(prompt.screening_id)} />
    </aside>
  );
}
