/**
 * Avatars: a GitHub-style identicon drawn from a username alone (case-insensitive, as names
 * are unique): a 5×5 grid mirrored left to right, its cells and hue from the name's SHA-256.
 * Pure and deterministic, so any process draws the same picture and it may be cached forever;
 * no remote service sees who is looked at.
 */
import { createHash } from 'node:crypto';

/** The SVG document of `username`'s identicon. */
export function identiconSvg(username: string): string {
  const hash = createHash('sha256').update(username.toLowerCase()).digest();
  const hue = ((hash[0]! << 8) | hash[1]!) % 360;
  const cells: string[] = [];
  // 15 bits pick the cells of the left three columns; the right two mirror them.
  for (let i = 0; i < 15; i++) {
    if ((hash[2 + (i >> 3)]! >> (i & 7)) & 1) {
      const x = Math.floor(i / 5);
      const y = i % 5;
      cells.push(`M${x} ${y}h1v1h-1z`);
      if (x < 2) cells.push(`M${4 - x} ${y}h1v1h-1z`);
    }
  }
  if (cells.length === 0) cells.push('M2 2h1v1h-1z');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.5 -0.5 6 6" width="48" height="48" shape-rendering="crispEdges">` +
    `<rect x="-0.5" y="-0.5" width="6" height="6" fill="hsl(${hue} 45% 92%)"/>` +
    `<path fill="hsl(${hue} 55% 42%)" d="${cells.join('')}"/></svg>`
  );
}
