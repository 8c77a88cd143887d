import { Link } from 'react-router-dom';
import { t } from '../../i18n';

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <h2 id="not-found-heading">{t('Page not found')}</h2>
      <p>{t('There is nothing at this address.')}</p>
      <Link to="/">{t('Back to all movies')}</Link>
    </section>
  );
}
