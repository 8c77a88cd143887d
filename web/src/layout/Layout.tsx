import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { PwaStatus } from '../pwa/PwaStatus';
import { useSession } from '../session/SessionProvider';
import { showHeadingInTitle } from './documentTitle';
import { mainClassForPath, titleForPath } from './titles';
import { useFocusOnNewScreen } from './useFocusOnNewScreen';

// Members only, and only once signed in: a visitor's first page does not load it.
const RatingPrompts = lazy(() => import('../components/screenings/RatingPrompts'));

/** Header bar with the title, the main area classed by path, and the footer. */
export function Layout({ title, children }: { title?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const heading = titleForPath(pathname, title);
  useEffect(() => showHeadingInTitle(heading), [heading]);
  useFocusOnNewScreen(pathname);
  return (
    <div className="app-shell">
      <Header title={heading} />
      <PwaStatus />
      <main className={`app-main ${mainClassForPath(pathname)}`}>
        {user && (
          <Suspense fallback={null}>
            <RatingPrompts />
          </Suspense>
        )}
        {children}
      </main>
      <Footer />
    </div>
  );
}
