import { z } from 'zod';
import { apiFailure } from './errors';
import { rowIdOut } from './ids';
import { defineRoute } from './route';

export const profileLevel = z
  .object({
    level: z.number().int().min(1).meta({ description: '1-based.' }),
    level_name: z.string(),
    next_level_at: z.number().int().nullable().meta({ description: 'Review count where the next level starts; null at the top level.' }),
    progress_pct: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: "Whole percent of the way from this level's threshold to the next (100 at the top)." }),
  })
  .meta({ id: 'ProfileLevel' });
export type ProfileLevel = z.infer<typeof profileLevel>;

export const profileRecentReview = z
  .object({
    movie_id: rowIdOut,
    title: z.string(),
    year: z.number().int().nullable(),
    poster: z.string().nullable(),
    genres: z.string().nullable().meta({ description: "IMDb's comma-separated genres, e.g. 'Comedy,Horror'; null when unknown." }),
    user_stars: z.number().int().nullable().meta({ description: "The profile owner's stars, 1–10." }),
    created_at: z.string().meta({ description: 'ISO timestamp of the review.' }),
  })
  .meta({ id: 'ProfileRecentReview' });
export type ProfileRecentReview = z.infer<typeof profileRecentReview>;

export const profile = z
  .object({
    username: z.string(),
    profile_picture: z.string().nullable(),
    joined: z.string().nullable().meta({ description: 'ISO timestamp of registration.' }),
    total_reviews: z.number().int().min(0),
    average_rating: z.number().nullable().meta({ description: "Mean of the user's stars to one decimal; null without reviews." }),
    level: profileLevel,
    films_this_year: z.number().int().min(0).meta({ description: 'Distinct movies in the diary this year (UTC).' }),
    hours_watched: z.number().min(0).meta({ description: 'Runtimes of every viewing in the diary, rewatches included, in hours to one decimal.' }),
    recent_reviews: z.array(profileRecentReview).meta({ description: 'Newest first, at most PROFILE_RECENT_REVIEWS_LIMIT.' }),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

export const profileReply = z.object({ success: z.literal(true), profile });
export type ProfileReply = z.infer<typeof profileReply> | { success: false; error?: string };

export const profilePictureReply = z.object({
  success: z.literal(true),
  profile_picture: z.string().nullable().meta({ description: "The new picture's address on this site, or null after removal." }),
});
export type ProfilePictureReply = z.infer<typeof profilePictureReply>;

const SIGN_IN_FOR_PICTURE = 'You must be signed in to change your picture.';

/** The profile calls. */
export const profileRoutes = {
  profile: defineRoute({
    method: 'GET',
    path: '/api/users/:username/profile',
    summary: 'A public profile: stats, level and recent reviews.',
    tag: 'Profiles',
    auth: 'none',
    params: z.object({ username: z.string() }),
    reply: profileReply,
  }),
  otherUserAddress: defineRoute({
    method: 'GET',
    path: '/api/users/*',
    summary: "Any other address under /api/users/ (a name with a slash in it): 404 'User not found.' for …/profile.",
    tag: 'Profiles',
    auth: 'none',
    params: z.object({ '*': z.string() }),
    reply: apiFailure,
  }),
  uploadPicture: defineRoute({
    method: 'POST',
    path: '/api/users/me/picture',
    summary: 'Sets the profile picture: one multipart/form-data file (PNG, JPEG or WebP, at most 5 MB), stored as a 256-px WebP.',
    tag: 'Profiles',
    auth: 'required',
    signInSentence: SIGN_IN_FOR_PICTURE,
    reply: profilePictureReply,
  }),
  removePicture: defineRoute({
    method: 'DELETE',
    path: '/api/users/me/picture',
    summary: 'Removes the profile picture.',
    tag: 'Profiles',
    auth: 'required',
    signInSentence: SIGN_IN_FOR_PICTURE,
    reply: profilePictureReply,
  }),
  picture: defineRoute({
    method: 'GET',
    path: '/uploads/avatars/:name',
    summary: 'A stored profile picture (WebP), cached for a year: each upload gets a new name.',
    tag: 'Profiles',
    auth: 'none',
    params: z.object({ name: z.string() }),
    reply: z.string().meta({ format: 'binary' }),
    produces: 'image/webp',
  }),
};
