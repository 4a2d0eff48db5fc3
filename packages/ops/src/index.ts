/**
 * Public surface of @fso/ops: the operator's jobs over the whole database, run by remix-app's
 * entries (`npm run import`, `npm run render`, the demo seed at boot) through core's ports and
 * rules: the Stack Exchange dump import, the demo content, and re-rendering stored post bodies.
 */
export { seedDemo } from './demo-seed.ts';
export {
  DUMP_FILES,
  OPTIONAL_DUMP_FILES,
  importDump,
  type Dump,
  type DumpFile,
  type DumpRow,
  type ImportReport,
} from './stackexchange-import.ts';
export { renderStoredBodies } from './render-bodies.ts';
