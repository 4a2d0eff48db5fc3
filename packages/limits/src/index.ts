/**
 * Public surface of @fso/limits: the counting behind core's `Limiter` port, over db's shared
 * rate-limit table with a per-process memory of refusals. Which actions are limited, and how
 * much, is the site's table (packages/shared/src/rate-limits.ts); where a use case counts one is
 * core's.
 */
export { createLimiter } from './limiter.ts';
