/** Public surface of the games domain: the use cases and the ports they take. */
export * from './games.ts';
