/** Every failed call answers with this shape and a fitting HTTP status. */
export interface ApiFailure {
  success: false;
  error: string;
}

export interface ApiSuccess {
  success: true;
}
