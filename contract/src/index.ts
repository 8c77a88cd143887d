// Modules without zod (limits, rules, codes, events, levels) are what the client
// imports at run time; the package is side-effect free, so the schemas stay on the server.
export * from './api';
export * from './errors';
export * from './route';
export * from './health';
export * from './users';
export * from './stremio';
export * from './auth';
export * from './limits';
export * from './ids';
export * from './slug';
export * from './movies';
export * from './catalogue';
export * from './reviews';
export * from './watchlists';
export * from './events';
export * from './levels';
export * from './profiles';
export * from './recommendations';
export * from './dates';
export * from './viewings';
export * from './imports';
export * from './screenings';
export * from './insights';
export * from './yearReview';
export * from './reactions';
export * from './social';
