// Starts embed-thread.ts in a worker thread. A worker thread does not inherit the parent's
// TypeScript loader (`node --import tsx`, or vitest's), so it registers tsx itself.
// A bundled process (`npm start`) runs the thread's bundle instead (@fso/shared/bundles).
import { register } from 'tsx/esm/api';

register();
await import('./embed-thread.ts');
