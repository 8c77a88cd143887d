/**
 * Registers the service worker once the first page has loaded and the browser is idle,
 * from a chunk of its own: it takes nothing from the first paint. Off in development.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./register').then((module) => module.registerServiceWorker()).catch(() => undefined);
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(register, { timeout: 10_000 }) : setTimeout(register, 2_000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
