/** What TypeScript bench scripts (bench/nl-latency.ts) take from lib.mjs: the database backends' CPU meter. */
export declare function databaseMeter(name: string | undefined): { sample(): void; used(): number };
