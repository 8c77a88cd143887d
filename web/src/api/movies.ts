import type { MovieReply, MoviesReply } from '@movieclub/contract';
import { api } from './client';

export const fetchMovies = (signal?: AbortSignal) => api.get<MoviesReply>('/api/movies', signal);
export const fetchMovie = (id: number, signal?: AbortSignal) => api.get<MovieReply>(`/api/movies/${id}`, signal);
