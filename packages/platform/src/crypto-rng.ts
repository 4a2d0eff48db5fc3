/**
 * The random source of real games: node:crypto's CSPRNG, drawn afresh for every number, so
 * no seed exists to search and one player's fleet tells nothing about the other's. Core's `rng`
 * port (ports.ts); game-engine stays pure, taking whatever Rng it is passed.
 */
import { randomInt } from 'node:crypto';
import type { Rng } from '@fso/game-engine';

export const cryptoRng: Rng = { int: (maxExclusive) => randomInt(maxExclusive) };
