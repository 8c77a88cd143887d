import { type LanguageCode, yearInReviewParam, yearReviewRoutes as api } from '@movieclub/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clubLanguage } from '../admin/settings';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import { pageReader } from '../web/static';
import { yearCardPng } from './card';
import { type LinkPreview, withLinkPreview } from './page';
import * as service from './service';

/** Cards change as the year fills: cached briefly, by browsers and by the sites that show previews. */
const CARD_CACHE = 'public, max-age=600';

export async function routes(app: FastifyInstance): Promise<void> {
  const sendPng = (reply: FastifyReply, png: Buffer) => reply.type('image/png').header('Cache-Control', CARD_CACHE).send(png);

  contractRoute(app, api.member)(async (request) => ({
    success: true,
    review: await service.memberYear(app.db, request.params.username, request.params.year),
  }));

  contractRoute(app, api.club)(async (request) => ({ success: true, review: await service.clubYear(app.db, request.params.year) }));

  /** The language asked for, else the club's (link previews ask for none). */
  const languageOf = async (lang: LanguageCode | undefined) => lang ?? (await clubLanguage(app.db, app.config));

  contractRoute(app, api.memberCard)(async (request, reply) => {
    const review = await service.memberYear(app.db, request.params.username, request.params.year);
    return sendPng(reply, await yearCardPng(service.memberCard(review, await languageOf(request.query.lang))));
  });

  contractRoute(app, api.clubCard)(async (request, reply) => {
    const review = await service.clubYear(app.db, request.params.year);
    return sendPng(reply, await yearCardPng(service.clubCard(review, await languageOf(request.query.lang))));
  });

  // The story pages themselves: the client's page with a link preview in its head, for
  // chats and feeds that read it without running the client. Anything odd gets the plain page.
  if (!app.config.webDist) return;
  // The page as the client's fallback sends it, with the links that fetch the year's screen.
  const page = pageReader(app.config.webDist, app.config.basePath);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, preview: () => Promise<LinkPreview>) => {
    let html: string;
    try {
      html = await page(request.url.split('?')[0]);
    } catch {
      return reply.callNotFound();
    }
    const shown = await preview().then(
      (found) => withLinkPreview(html, found),
      () => html,
    );
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(shown);
  };
  // The API's own rule: a year whose card it would refuse gets no preview.
  const yearOf = (text: string) => yearInReviewParam.safeParse(text).data ?? null;

  /** The preview of a year: its words, its canonical address, and its card unless the year is quiet (no card to show). */
  const previewOf = ({ quiet, ...text }: service.PreviewText, site: string, path: string, card: string): LinkPreview => ({
    ...text,
    url: `${site}${path}`,
    image: quiet ? null : `${site}${card}`,
  });

  app.get<{ Params: { username: string; year: string } }>('/user/profile/:username/year/:year', (request, reply) =>
    sendPage(request, reply, async () => {
      const year = yearOf(request.params.year);
      if (year === null) throw new Error('not a year');
      const review = await service.memberYear(app.db, request.params.username, year);
      const text = service.memberPreviewText(review, await clubLanguage(app.db, app.config));
      const name = encodeURIComponent(review.username);
      return previewOf(text, siteUrl(app, request), `/user/profile/${name}/year/${year}`, `/api/users/${name}/year/${year}/card.png`);
    }),
  );

  app.get<{ Params: { year: string } }>('/club/year/:year', (request, reply) =>
    sendPage(request, reply, async () => {
      const year = yearOf(request.params.year);
      if (year === null) throw new Error('not a year');
      const review = await service.clubYear(app.db, year);
      const text = service.clubPreviewText(review, await clubLanguage(app.db, app.config));
      return previewOf(text, siteUrl(app, request), `/club/year/${year}`, `/api/club/year/${year}/card.png`);
    }),
  );
}
