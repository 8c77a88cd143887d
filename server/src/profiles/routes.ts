import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TOO_LARGE,
  profileRoutes as api,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import { badRequest, HttpError, notFound } from '../http/errors';
import { rateLimit } from '../http/rateLimits';
import { changePicture, removePicture } from './pictures';
import { getProfile } from './service';
import { AvatarStore } from './upload';

const TOO_LARGE = PROFILE_PICTURE_TOO_LARGE;
/** Room for the multipart framing around a maximal file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** A name no account can have (odd characters, slashes, unicode, too long) is simply not found. */
function possibleUsername(name: string): boolean {
  return name.length >= USERNAME_MIN && name.length <= USERNAME_MAX && USERNAME_PATTERN.test(name);
}

/** The error the multipart reader throws for a file over the limit. */
const isFileTooLarge = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';

export async function routes(app: FastifyInstance): Promise<void> {
  const store = new AvatarStore(app.config.uploadsDir);
  await store.checkWritable(app.config.uploadsDir);
  // Registered here only, so multipart bodies are accepted by this feature's calls alone.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 20, headerPairs: 100 },
  });

  contractRoute(app, api.profile)(async (request) => {
    const { username } = request.params;
    if (!possibleUsername(username)) throw notFound('User not found.', 'user_not_found');
    return { success: true, profile: await getProfile(app.db, username) };
  });

  // A raw slash in a name splits it into more segments; still answer the profile's sentence.
  contractRoute(app, api.otherUserAddress)(async (request) => {
    if (request.params['*'].endsWith('/profile')) throw notFound('User not found.', 'user_not_found');
    throw notFound('Not found.');
  });

  contractRoute(app, api.uploadPicture, { config: { rateLimit: rateLimit(app.config, 'pictureUpload') } })(async (request) => {
    if (Number(request.headers['content-length']) > PROFILE_PICTURE_MAX_BYTES + MULTIPART_OVERHEAD) {
      throw new HttpError(413, TOO_LARGE);
    }
    if (!request.isMultipart()) throw badRequest('Send the picture as a multipart/form-data file upload.');
    const file = await request.file();
    if (!file) throw badRequest('Choose a picture to upload.');
    let upload: Buffer;
    try {
      upload = await file.toBuffer();
    } catch (error) {
      if (isFileTooLarge(error)) throw new HttpError(413, TOO_LARGE);
      throw error;
    }
    // busboy stops at the limit and marks the stream; the plugin does not always throw then.
    if (file.file.truncated) throw new HttpError(413, TOO_LARGE);
    if (upload.length === 0) throw badRequest('The picture file is empty.');
    const profile_picture = await changePicture(app.db, store, request.user.id, upload);
    return { success: true, profile_picture };
  });

  contractRoute(app, api.removePicture)(async (request) => {
    await removePicture(app.db, store, request.user.id);
    return { success: true, profile_picture: null };
  });

  // Pictures never change under a name (each upload gets a new one), so they cache for a year.
  contractRoute(app, api.picture)(async (request, reply) => {
    const file = store.fileFor(request.params.name);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw notFound('Picture not found.');
    return reply
      .header('Content-Type', 'image/webp')
      .header('Content-Length', stat.size)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(fs.createReadStream(file));
  });
}
