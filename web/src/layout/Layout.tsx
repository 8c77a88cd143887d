import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { mainClassForPath, titleForPath } from './titles';

/** Header bar with the title, the main area classed by path, and the footer. */
export function Layout({ title, children }: { title?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const heading = titleForPath(pathname, title);
  useEffect(() => {
    document.title = `${heading} · MovieClub`;
  }, [heading]);
  return (
    <div className="app-shell">
      <Header title={heading} />
      <main className={`app-main ${mainClassForPath(pathname)}`}>{children}</main>
      <Footer />
    </div>
  );
}
