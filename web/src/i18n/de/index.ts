import { SERVER_CATALOGUES } from '@movieclub/contract/serverCatalogues';
import accounts from './accounts.json';
import admin from './admin.json';
import club from './club.json';
import components from './components.json';
import home from './home.json';
import imports from './import.json';
import movie from './movie.json';
import profile from './profile.json';
import screening from './screening.json';
import shell from './shell.json';
import watchlist from './watchlist.json';

/** German, one file per part of the client (so each can be worked on alone); keys are the English texts. */
export const de: Record<string, string> = { ...shell, ...components, ...home, ...accounts, ...movie, ...watchlist, ...profile, ...imports, ...screening, ...admin, ...club };

/** The server's sentences in German, keyed by the English it sends (`contract/src/i18n/de/server.json`). */
export const deServer: Record<string, string> = SERVER_CATALOGUES.de;
