import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import './icons/icons.css';
// PrimeReact's own layout rules, in the first paint (web/build/primereactBaseStyles.ts).
import 'virtual:primereact-base.css';
import './theme-overrides.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createQueryClient } from './api/queryClient';
import { currentLanguage, startLanguage } from './i18n';
import { basePath } from './lib/basePath';
import { registerServiceWorkerWhenIdle } from './pwa/start';
import { SessionProvider } from './session/SessionProvider';

// English needs nothing loaded; another language's catalogue arrives before the first render.
// The first render is a transition: React yields to the browser between components instead of one long task.
void startLanguage().then(() => startTransition(() => createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      {/* The provider sets PrimeReact's language as it mounts: given the reader's, its own words (dialog, carousel, calendar) follow it.
          A card's title is a heading under its screen's (a card that is the whole screen says level 2). */}
      <PrimeReactProvider value={{ locale: currentLanguage(), pt: { card: { title: { role: 'heading', 'aria-level': 3 } } } }}>
        <BrowserRouter basename={basePath() || '/'}>
          <SessionProvider>
            <App />
          </SessionProvider>
        </BrowserRouter>
      </PrimeReactProvider>
    </QueryClientProvider>
  </StrictMode>,
)));

registerServiceWorkerWhenIdle();
