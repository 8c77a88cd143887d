import type { MediaServerMapping, MediaServerMappingCreate, MediaServerSecretReply, MediaServersReply } from '@movieclub/contract';
import { api } from './client';

export const mediaServersKey = ['admin', 'media-servers'] as const;

/** Whether a webhook secret is set, the webhook paths, the user links and the event counts (admins). */
export const fetchMediaServers = (signal?: AbortSignal) => api.get<MediaServersReply>('/api/admin/media-servers', signal);

/** Creates or replaces the webhook secret; the reply is the only time it is shown. */
export const rotateMediaServerSecret = () => api.post<MediaServerSecretReply>('/api/admin/media-servers/secret', {});

export const addMediaServerMapping = (mapping: MediaServerMappingCreate) =>
  api.post<{ success: true; mapping: MediaServerMapping }>('/api/admin/media-servers/mappings', mapping);

export const removeMediaServerMapping = (id: number) => api.delete<{ success: true }>(`/api/admin/media-servers/mappings/${id}`);
