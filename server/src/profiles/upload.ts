import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { PROFILE_PICTURE_MAX_PIXELS, PROFILE_PICTURE_SIDE } from '@movieclub/contract';
import { StartProblem } from '../startProblem';
import { badRequest, HttpError } from '../http/errors';

/** Where pictures are served from; the stored `profile_picture` is this plus the file name. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** Our own random names only: anything else (paths, dots, other extensions) is never a file of ours. */
const AVATAR_NAME = /^[a-f0-9]{32}\.webp$/;
const AVATAR_SIZE = PROFILE_PICTURE_SIDE;
/** Guards against decompression bombs: a tiny file that decodes to a huge bitmap. */
const MAX_INPUT_PIXELS = PROFILE_PICTURE_MAX_PIXELS;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/**
 * Decoding a large picture takes a core and up to a few hundred MB: one at a time
 * (libvips already spreads each over its threads), so uploads cannot starve logins
 * or exhaust memory. Beyond MAX_WAITING queued pictures, uploads are turned away.
 */
const decoding = pLimit(1);
const MAX_WAITING = 16;
export const DECODER_BUSY = 'Many pictures are being processed right now. Try again in a minute.';

// Decoded images are used once; libvips' cache would only keep their memory.
sharp.cache(false);

export const NOT_AN_IMAGE = 'The picture must be a PNG, JPEG or WebP image.';

/**
 * Checks what the bytes really are (whatever the name or declared type says),
 * then re-encodes them as a square WebP without metadata. Throws a 400 sentence
 * for anything that is not a readable PNG, JPEG or WebP.
 */
export async function normalisePicture(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(input).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(NOT_AN_IMAGE);
  if (pixels > MAX_INPUT_PIXELS) throw badRequest('The picture has too many pixels; use one under 50 megapixels.');
  if (decoding.pendingCount >= MAX_WAITING) throw new HttpError(503, DECODER_BUSY);
  return decoding(async () => {
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, sequentialRead: true })
        .rotate() // applies the EXIF orientation before the metadata is dropped
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw badRequest('The picture could not be read; the file may be damaged.');
    }
  });
}

/** Profile pictures on disk under `<uploadsDir>/avatars`, named randomly. */
export class AvatarStore {
  readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = path.join(uploadsDir, 'avatars');
  }

  /** Stops the start when the folder cannot be written, rather than failing the first upload. */
  async checkWritable(uploadsDir: string): Promise<void> {
    const probe = path.join(this.dir, `.write-check-${randomBytes(8).toString('hex')}`);
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.writeFile(probe, '');
      await fs.rm(probe);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StartProblem(`UPLOADS_DIR ${uploadsDir} cannot be written: ${reason}. Give the server a folder it can write.`);
    }
  }

  /** The file behind a served name, or null when the name is not one we could have made. */
  fileFor(name: string): string | null {
    return AVATAR_NAME.test(name) ? path.join(this.dir, name) : null;
  }

  /** Writes the picture (atomically, via a temporary name) and returns its address. */
  async save(picture: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.webp`;
    const file = path.join(this.dir, name);
    await fs.writeFile(`${file}.tmp`, picture);
    await fs.rename(`${file}.tmp`, file);
    return AVATAR_URL_PREFIX + name;
  }

  /** Deletes a picture we stored; addresses that are not ours (or already gone) are left alone. */
  async remove(url: string | null): Promise<void> {
    if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
    const file = this.fileFor(url.slice(AVATAR_URL_PREFIX.length));
    if (file) await fs.rm(file, { force: true });
  }
}
