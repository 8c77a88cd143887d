export type { ApiFailure } from './errors';

export interface ApiSuccess {
  success: true;
}
