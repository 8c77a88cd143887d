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

/** A field its screen focused as it opened (a form's first field) keeps the focus. */
const OWN_FOCUS = 'main input, main textarea, main [contenteditable="true"]';

/** The screen last shown, kept outside the layout in case a new screen mounts a new one; null before the first. */
let shownPath: string | null = null;

/**
 * A link or a back step that opens another screen leaves the focus where the old screen was (or
 * nowhere): it goes to the new screen's heading, and a followed link starts at the top. Addresses
 * corrected in place (`replace`) are the same screen and keep it.
 */
function useFocusOnNewScreen(pathname: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    const previous = shownPath;
    shownPath = pathname;
    if (previous === null || previous === pathname) return;
    if (navigationType === 'REPLACE' || document.activeElement?.matches(OWN_FOCUS)) return;
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('.app-title')?.focus({ preventScroll: true });
  }, [pathname, navigationType]);
}
