import type { ProfilePictureReply, ProfileReply } from '@movieclub/contract';
import { api, ApiError, resolveApiUrl } from './client';

export const fetchProfile = (username: string, signal?: AbortSignal) =>
  api.get<ProfileReply>(`/api/users/${encodeURIComponent(username)}/profile`, signal);

/** Sends a picture file as multipart/form-data; the server checks and re-encodes it. */
export async function uploadProfilePicture(file: File): Promise<ProfilePictureReply> {
  const body = new FormData();
  body.append('picture', file, file.name);
  let response: Response;
  try {
    response = await fetch(resolveApiUrl('/api/users/me/picture'), { method: 'POST', credentials: 'include', body });
  } catch {
    throw new ApiError('Network request failed.', 0);
  }
  const reply: unknown = await response.json().catch(() => null);
  const failed = !response.ok || (reply as { success?: unknown } | null)?.success !== true;
  if (failed) {
    const error = (reply as { error?: unknown } | null)?.error;
    throw new ApiError(typeof error === 'string' ? error : '', response.status || 500, reply);
  }
  return reply as ProfilePictureReply;
}

export const removeProfilePicture = () => api.delete<ProfilePictureReply>('/api/users/me/picture');
