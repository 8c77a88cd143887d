import { pwaStatus } from './status';

/** How often a page left open asks whether a new version has been deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Offers a new version that has installed and waits. Accepting asks it to take over
 * (the worker Workbox generates skips waiting on this message), then reloads once it
 * controls the page; a worker another tab already activated needs only the reload.
 */
function offer(worker: ServiceWorker) {
  pwaStatus.offerUpdate(() => {
    if (worker.state !== 'installed') return window.location.reload();
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage({ type: 'SKIP_WAITING' });
  });
}

/**
 * Registers the service worker (sw.js, written by the build beside the page). It sits
 * beside the manifest, so under a BASE_PATH the worker and its scope follow the prefix.
 * The standard API is used directly, not workbox-window: this chunk loads on a first
 * visit, within the page's script budget.
 */
export async function registerServiceWorker(): Promise<void> {
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!manifest) return;
  const container = navigator.serviceWorker;
  const registration = await container.register(new URL('sw.js', manifest.href), { scope: new URL('./', manifest.href).pathname });
  // Without a controller this is the first install, not an update: nothing to offer.
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}
