import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bumpMembersVersion } from '../movies/catalogueCache';
import { swapProfilePicture } from './queries';
import { type AvatarStore, normalisePicture } from './upload';

/** Replaces a user's picture: nothing is stored unless the upload is a real image. */
export async function changePicture(db: Kysely<Database>, store: AvatarStore, userId: number, upload: Buffer): Promise<string> {
  const picture = await normalisePicture(upload);
  const url = await store.save(picture);
  let previous: string | null;
  try {
    previous = await swapProfilePicture(db, userId, url);
  } catch (error) {
    await store.remove(url);
    throw error;
  }
  await store.remove(previous);
  // Reviewer avatars in cached review answers change with it.
  await bumpMembersVersion(db);
  return url;
}

/** Goes back to the default avatar and deletes the stored file. */
export async function removePicture(db: Kysely<Database>, store: AvatarStore, userId: number): Promise<void> {
  await store.remove(await swapProfilePicture(db, userId, null));
  await bumpMembersVersion(db);
}
