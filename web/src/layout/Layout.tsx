import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { PwaStatus } from '../pwa/PwaStatus';
import { useSession } from '../session/SessionProvider';
import { showHeadingInTitle } from './documentTitle';
import { mainClassForPath, titleForPath } from './titles';

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

/**
 * A link or a back step that opens another screen leaves the focus on what is gone (so on the page
 * itself) or in the header's menu: it goes to the new screen's heading, and a followed link starts
 * at the top. A field the new screen focused keeps it, and so does a control of a screen that
 * stays (a list picked from the list beside it), an address corrected in place likewise.
 */
function useFocusOnNewScreen(pathname: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    const previous = shownPath;
    shownPath = pathname;
    if (previous === null || previous === pathname) return;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (!lost && !focused.closest('.app-header')) return;
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('.app-title')?.focus({ preventScroll: true });
  }, [pathname, navigationType]);
}

/** The screen last shown, kept outside the layout in case a new screen mounts a new one; null before the first. */
let shownPath: string | null = null;
