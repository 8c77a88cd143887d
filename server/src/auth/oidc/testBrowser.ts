/** One step of a navigation: where the browser was and what it got. */
export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

export interface Page {
  /** The address it ended on. */
  url: URL;
  status: number;
  body: string;
  hops: Hop[];
}

/**
 * A small browser for tests: follows redirects itself (GET after 302/303, as browsers
 * do) and keeps cookies per host and port, sending every cookie of a host on every
 * request to it (paths and SameSite are not modelled: the tests exercise the flows, not
 * the browser's cookie rules).
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookiesOf(origin: string): Map<string, string> {
    const host = new URL(origin).host;
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }

  private cookieHeader(url: URL): string {
    return [...this.cookiesOf(url.href)].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(url: URL, response: Response) {
    const jar = this.cookiesOf(url.href);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(cookie) || /max-age=0(;|$)/i.test(cookie) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** One request, no redirect followed; a body is sent as JSON, or as a form when it is URLSearchParams. */
  async send(method: string, address: string, body?: unknown): Promise<Response> {
    const url = new URL(address);
    const headers: Record<string, string> = {};
    const cookies = this.cookieHeader(url);
    if (cookies) headers.cookie = cookies;
    const form = body instanceof URLSearchParams;
    if (body !== undefined) headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    const payload = body === undefined ? undefined : form ? body.toString() : JSON.stringify(body);
    const response = await fetch(url, { method, headers, redirect: 'manual', body: payload });
    this.keep(url, response);
    return response;
  }

  /** Opens the address (or submits a form to it) and follows redirects to the page it ends on. */
  async open(address: string, method = 'GET', form?: URLSearchParams): Promise<Page> {
    const hops: Hop[] = [];
    let url = new URL(address);
    let response = await this.send(method, url.href, form);
    for (let count = 0; response.status >= 300 && response.status < 400; count++) {
      if (count > 20) throw new Error(`Too many redirects: ${hops.map((hop) => hop.url).join(' → ')}`);
      const location = response.headers.get('location');
      hops.push({ url: url.href, status: response.status, location });
      if (!location) break;
      await response.body?.cancel();
      url = new URL(location, url);
      response = await this.send('GET', url.href);
    }
    return { url, status: response.status, body: await response.text(), hops };
  }

  /** A JSON call with this browser's cookies. */
  async json<T = Record<string, unknown>>(method: string, address: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.send(method, address, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
}
