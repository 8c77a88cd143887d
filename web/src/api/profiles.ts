import type { ProfilePictureReply, ProfileReply } from '@movieclub/contract';
import { api, send } from './client';

export const fetchProfile = (username: string, signal?: AbortSignal) =>
  api.get<ProfileReply>(`/api/users/${encodeURIComponent(username)}/profile`, signal);

/** Sends a picture file as multipart/form-data; the server checks and re-encodes it. */
export function uploadProfilePicture(file: File): Promise<ProfilePictureReply> {
  const body = new FormData();
  body.append('picture', file, file.name);
  return send<ProfilePictureReply>('/api/users/me/picture', { method: 'POST', body });
}

export const removeProfilePicture = () => api.delete<ProfilePictureReply>('/api/users/me/picture');
