/** The colour theme a reader picks (light or dark); with none picked the site follows the system. */
import { z } from 'zod';
import { MSG } from './messages.ts';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const themeSchema = z.enum(THEMES, { error: MSG.invalidTheme });
/** POST /theme: the theme, and the page to go back to. */
export const themeFormSchema = z.object({ theme: themeSchema, redirectTo: z.string().optional() });
