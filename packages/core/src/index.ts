/** Public surface of @fso/core: every use case, as plain functions over injected ports. */
export * from './result.ts';
export * from './ports.ts';
export * from './limits/refusal-memory.ts';
