import { z } from 'zod';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_GROUP_LIMIT = 10;

export const searchSchema = z.object({
  q: z
    .string({ error: 'Search text must be at least 2 characters' })
    .trim()
    .min(SEARCH_MIN_LENGTH, 'Search text must be at least 2 characters')
    .max(100, 'Search text must be at most 100 characters'),
});
