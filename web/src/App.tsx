import { Route, Routes } from 'react-router-dom';
import { RequireLogin } from './components/RequireLogin';
import { Layout } from './layout/Layout';
import { AddMoviePage } from './pages/add-movie/AddMoviePage';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';
import { MoviePage } from './pages/movie/MoviePage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { ProfilePage } from './pages/profile/ProfilePage';
import { RegisterPage } from './pages/register/RegisterPage';
import { WatchlistPage } from './pages/watchlist/WatchlistPage';

export function App() {
  return (
    <Routes>
      <Route path="/" element={<Layout><HomePage /></Layout>} />
      <Route path="/login" element={<Layout><LoginPage /></Layout>} />
      <Route path="/register" element={<Layout><RegisterPage /></Layout>} />
      <Route path="/movie/:id" element={<Layout><MoviePage /></Layout>} />
      <Route path="/add-movie" element={<Layout><RequireLogin><AddMoviePage /></RequireLogin></Layout>} />
      <Route path="/watchlist" element={<Layout title="Watchlists"><WatchlistPage /></Layout>} />
      <Route path="/watchlist/:identifier" element={<Layout title="Watchlists"><WatchlistPage /></Layout>} />
      <Route path="/user/profile/:username" element={<Layout title="Profile"><ProfilePage /></Layout>} />
      <Route path="*" element={<Layout><NotFoundPage /></Layout>} />
    </Routes>
  );
}
