/**
 * GET /avatar/:username → the user's identicon (SVG, drawn from the name alone:
 * services/identicon.server.ts), public and cached for a year: the same name always draws the
 * same picture, so no account is looked up and nothing tells whether the name exists.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { identiconSvg } from '~/services/identicon.server.ts';

export function loader({ params }: LoaderFunctionArgs) {
  return new Response(identiconSvg((params.username ?? '').slice(0, 100)), {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'",
    },
  });
}
