import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireLogin } from './components/RequireLogin';
import { t } from './i18n';
import { Layout } from './layout/Layout';

// Each screen is its own chunk: a visitor's first page loads only what it shows.
const HomePage = lazy(() => import('./pages/home/HomePage').then((module) => ({ default: module.HomePage })));
const LoginPage = lazy(() => import('./pages/login/LoginPage').then((module) => ({ default: module.LoginPage })));
const LinkAccountPage = lazy(() => import('./pages/login/LinkAccountPage').then((module) => ({ default: module.LinkAccountPage })));
const RegisterPage = lazy(() => import('./pages/register/RegisterPage').then((module) => ({ default: module.RegisterPage })));
const MoviePage = lazy(() => import('./pages/movie/MoviePage').then((module) => ({ default: module.MoviePage })));
const AddMoviePage = lazy(() => import('./pages/add-movie/AddMoviePage').then((module) => ({ default: module.AddMoviePage })));
const WatchlistPage = lazy(() => import('./pages/watchlist/WatchlistPage').then((module) => ({ default: module.WatchlistPage })));
const ProfilePage = lazy(() => import('./pages/profile/ProfilePage').then((module) => ({ default: module.ProfilePage })));
const ImportPage = lazy(() => import('./pages/import/ImportPage').then((module) => ({ default: module.ImportPage })));
const ScreeningPage = lazy(() => import('./pages/screening/ScreeningPage').then((module) => ({ default: module.ScreeningPage })));
const ClubPage = lazy(() => import('./pages/club/ClubPage').then((module) => ({ default: module.ClubPage })));
const MemberYearPage = lazy(() => import('./pages/year/MemberYearPage').then((module) => ({ default: module.MemberYearPage })));
const ClubYearPage = lazy(() => import('./pages/year/ClubYearPage').then((module) => ({ default: module.ClubYearPage })));
const FeedPage = lazy(() => import('./pages/feed/FeedPage').then((module) => ({ default: module.FeedPage })));
const AdminPage = lazy(() => import('./pages/admin/AdminPage').then((module) => ({ default: module.AdminPage })));
const NotFoundPage = lazy(() => import('./pages/not-found/NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

/**
 * A screen inside the shared layout; the layout shows at once while the screen's chunk loads. On the
 * first visit the header and title are painted before the screen is built, not after.
 */
function Screen({ title, children }: { title?: string; children: ReactNode }) {
  const showScreen = useDeferredValue(true, false);
  return (
    <Layout title={title}>
      <Suspense fallback={null}>{showScreen && children}</Suspense>
    </Layout>
  );
}

export function App() {
  return (
    <Routes>
      <Route path="/" element={<Screen><HomePage /></Screen>} />
      <Route path="/login" element={<Screen><LoginPage /></Screen>} />
      <Route path="/login/link" element={<Screen><LinkAccountPage /></Screen>} />
      <Route path="/register" element={<Screen><RegisterPage /></Screen>} />
      <Route path="/movie/:id" element={<Screen><MoviePage /></Screen>} />
      <Route path="/add-movie" element={<Screen><RequireLogin><AddMoviePage /></RequireLogin></Screen>} />
      <Route path="/watchlist" element={<Screen title={t('Watchlists')}><WatchlistPage /></Screen>} />
      <Route path="/watchlist/:identifier" element={<Screen title={t('Watchlists')}><WatchlistPage /></Screen>} />
      <Route path="/user/profile/:username" element={<Screen title={t('Profile')}><ProfilePage /></Screen>} />
      <Route path="/import" element={<Screen><RequireLogin><ImportPage /></RequireLogin></Screen>} />
      <Route path="/import/:id" element={<Screen><RequireLogin><ImportPage /></RequireLogin></Screen>} />
      <Route path="/screening/:id" element={<Screen title={t('Movie Night')}><ScreeningPage /></Screen>} />
      <Route path="/user/profile/:username/year/:year" element={<Screen title={t('Year in Review')}><MemberYearPage /></Screen>} />
      <Route path="/club/year/:year" element={<Screen title={t('Year in Review')}><ClubYearPage /></Screen>} />
      <Route path="/feed" element={<Screen title={t('Club Activity')}><FeedPage /></Screen>} />
      <Route path="/club" element={<Screen title={t('Club')}><ClubPage /></Screen>} />
      <Route path="/admin" element={<Screen title={t('Admin')}><RequireLogin><AdminPage /></RequireLogin></Screen>} />
      <Route path="*" element={<Screen><NotFoundPage /></Screen>} />
    </Routes>
  );
}
