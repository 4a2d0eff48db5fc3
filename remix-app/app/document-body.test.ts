/**
 * A document's bytes (document-body.ts): the UTF-8 of its text, the same bytes `Buffer.from`
 * gives, for plain ASCII, for text with a few wider characters, for text mostly outside ASCII
 * (longer in UTF-8 than the buffer first made for it) and with a character outside the BMP
 * where that buffer ends; whole or in the pieces React hands over, bytes among them.
 */
import { describe, expect, it } from 'vitest';
import { documentBytes } from './document-body.ts';

const joined = (...pieces: string[]) => pieces.reduce((text, piece) => text + piece, '');

describe('documentBytes', () => {
  it.each([
    ['empty', ''],
    ['ASCII', joined('<!DOCTYPE html>', '<html lang="en">', '<p>Hello</p>'.repeat(500), '</html>')],
    ['a few wider characters', joined('<button>▲</button>', '“quoted”', '<p>x</p>'.repeat(300), '✓ ☰ é')],
    ['mostly non-ASCII', '漢字の質問'.repeat(2_000)],
    ['four-byte characters', 'a😀'.repeat(5_000)],
    ['a four-byte character where the first buffer ends', `${'a'.repeat(5)}😀`],
  ])('%s: the same bytes as Buffer.from, whole or in pieces', (_, text) => {
    // React's pieces end between characters, never inside a surrogate pair.
    const characters = Array.from(text);
    for (const size of [characters.length || 1, 16_384, 7]) {
      const pieces = Array.from({ length: Math.ceil(characters.length / size) }, (_, i) =>
        characters.slice(i * size, (i + 1) * size).join(''),
      );
      const bytes = documentBytes(pieces);
      expect(bytes.equals(Buffer.from(text))).toBe(true);
      expect(bytes.toString('utf8')).toBe(text);
    }
  });

  it('copies pieces that are already bytes, where they fit and past the first buffer', () => {
    const wide = '漢字'.repeat(100);
    const pieces = ['<p>', Buffer.from('é✓'), wide, Buffer.from(wide), '</p>'];
    const text = `<p>é✓${wide}${wide}</p>`;
    expect(documentBytes(pieces).equals(Buffer.from(text))).toBe(true);
  });
});
