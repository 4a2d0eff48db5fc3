/** What TypeScript bench scripts (bench/pglite-search.ts) take from qa.mjs: its 18 two-word queries. */
export declare const SEARCHES: readonly string[];
