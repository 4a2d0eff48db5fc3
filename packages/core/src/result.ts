/** Core's name for the one result shape (defined in game-engine/src/result.ts, docs/decisions/0037), so use cases import it from beside them. */
export { fail, succeed, type Failure, type FailureKind, type Result } from '@fso/shared';
