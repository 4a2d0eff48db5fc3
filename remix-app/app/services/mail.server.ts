/** The site's mail key for the routes that make or check mail links (core's tokens.ts derives it from the session secret). */
import type { AppLoadContext } from '@remix-run/node';
import { mailKey } from '@fso/core';

export const mailKeyOf = (context: AppLoadContext): Buffer => mailKey(context.config.sessionSecret);
