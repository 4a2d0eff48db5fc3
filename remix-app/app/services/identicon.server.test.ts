import { describe, expect, it } from 'vitest';
import { identiconSvg } from './identicon.server.ts';

describe('identiconSvg', () => {
  it('draws the same picture for the same name, whatever its case', () => {
    expect(identiconSvg('alice')).toBe(identiconSvg('alice'));
    expect(identiconSvg('Alice')).toBe(identiconSvg('alice'));
  });
  it('draws different pictures for different names', () => {
    const pictures = new Set(['alice', 'bob', 'carol', 'dana', 'erin', 'frank'].map(identiconSvg));
    expect(pictures.size).toBe(6);
  });
  it('is a mirrored 5×5 SVG with at least one cell', () => {
    for (const name of ['alice', 'x', 'Craig_Gidney.se26']) {
      const svg = identiconSvg(name);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      const cells = [...svg.matchAll(/M(\d) (\d)h1/g)].map((m) => `${m[1]},${m[2]}`);
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) {
        const [x, y] = cell.split(',').map(Number);
        expect(cells).toContain(`${4 - x!},${y}`);
      }
    }
  });
});
