/** What TypeScript bench scripts (bench/search-cpu.ts) take from qa.mjs: its 18 two-word queries. */
export declare const SEARCHES: readonly string[];
