import type { TasteReply } from '@movieclub/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Link } from 'react-router-dom';
import { fetchTaste } from '../../api/insights';
import { queryKeys } from '../../api/queryKeys';
import { t } from '../../i18n';

function Examples({ heading, examples, them }: { heading: string; examples: TasteReply['agree']; them: string }) {
  if (examples.length === 0) return null;
  return (
    <section className="taste-examples">
      <h4>{heading}</h4>
      <ul>
        {examples.map(({ movie, a_stars, b_stars }) => (
          <li key={movie.id}>
            <Link to={`/movie/${movie.id}`}>
              {movie.title}
              {movie.year !== null && ` (${movie.year})`}
            </Link>
            <span className="taste-stars">
              {t('you {{mine}} ★ · {{name}} {{theirs}} ★', { mine: a_stars, name: them, theirs: b_stars })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** On another member's profile: how closely the viewer's ratings match theirs, and the films they agree and disagree on most. */
export function TasteMatchCard({ viewer, member }: { viewer: string; member: string }) {
  const taste = useQuery({ queryKey: queryKeys.taste(viewer, member), queryFn: ({ signal }) => fetchTaste(viewer, member, signal) });
  if (!taste.data) return null;
  const { score, common, agree, disagree } = taste.data;
  return (
    <Card className="taste-card" title={score === null ? t('Your taste match') : t('Your taste match: {{score}} %', { score })}>
      <p className="taste-common">
        {common === 0
          ? t('You have not rated any movie {{name}} has rated yet.', { name: member })
          : common === 1
            ? t('From 1 movie you have both rated.')
            : t('From {{common}} movies you have both rated.', { common })}
      </p>
      <div className="taste-lists">
        <Examples heading={t('You agree on')} examples={agree} them={member} />
        <Examples heading={t('You disagree on')} examples={disagree} them={member} />
      </div>
    </Card>
  );
}
