import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <h2 id="not-found-heading">Page not found</h2>
      <p>There is nothing at this address.</p>
      <Link to="/">Back to all movies</Link>
    </section>
  );
}
