import { z } from 'zod';
import { SEARCH_MIN_LENGTH } from './categories.js';

export const searchSchema = z.object({
  q: z
    .string({ error: 'Search text must be at least 2 characters' })
    .trim()
    .min(SEARCH_MIN_LENGTH, 'Search text must be at least 2 characters')
    .max(100, 'Search text must be at most 100 characters'),
});
