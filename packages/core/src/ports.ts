/**
 * What a use case may reach outside itself. Each process builds these once at boot (one boot
 * module for web, realtime and single-process mode); tests build them from a real database and
 * fakes for the rest. Request-scoped facts (who acts, from which address) travel in `Caller`.
 */
import type { Db } from '@fso/db';
import type { SemanticHit, VectorIndex } from '@fso/search';
import type { Rng } from '@fso/game-engine';
import type { EventPublisher, LimitedAction, Role } from '@fso/shared';
import type { RenderPool } from '@fso/markdown';
import type { Failure } from './result.ts';

/** Now, as the use cases see it (a fake in tests). */
export type Clock = () => Date;

/** Who is asking: the signed-in user (from the session, never from a payload) and the client address. */
export interface Caller {
  /**
   * `sessionId` names the session the request came with (logout, ending the other sessions).
   * `role`, `reputation` and the suspension are read with the session on every request
   * (privileges: moderation/privileges.ts); absent, the caller is a plain user with none.
   */
  user: {
    userId: number;
    username: string;
    sessionId?: string;
    role?: Role;
    reputation?: number;
    suspendedUntil?: Date | null;
    suspensionReason?: string | null;
  } | null;
  ip: string;
  /** The rate-limited action this request was counted for before its body was read (limits/admit.ts): not counted again. */
  admitted?: LimitedAction;
  /** A new user's post over the rate limit, let through `admit` for the use case to hold for review or refuse (moderation/new-users.ts). */
  limited?: Failure;
}

/** Counts one rate-limited action; null when allowed, else the `tooMany` failure to answer with (@fso/limits counts). */
export interface Limiter {
  hit(action: LimitedAction, caller: Caller, who?: { name?: string }): Promise<Failure | null>;
  /** Takes back what `hit` counted, for an event that turned out not to count (a login that succeeded). */
  forgive(action: LimitedAction, caller: Caller, who?: { name?: string }): Promise<void>;
}

/** Structured logging (the process's JSON logger): fields first, then the message. */
export interface Log {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/**
 * Natural-language search as the use cases reach it (@fso/search's createSemanticService builds the real
 * one; tests pass a fake, so a unit test never loads the sentence model).
 */
export interface Semantic {
  search(text: string, topk: number): Promise<SemanticHit[]>;
  index(): Promise<Pick<VectorIndex, 'nearest' | 'vectors'>>;
  /** Wakes the embedding worker: a question's title or text changed. */
  worker: { poke(): void };
}

/** Password hashing (argon2id) and the list of too-common passwords (@fso/passwords builds it). */
export interface Passwords {
  hash(password: string): Promise<string>;
  /** False also when there is no hash (an unknown user), after as long as checking a wrong password takes. */
  verify(passwordHash: string | null | undefined, password: string): Promise<boolean>;
  isCommon(password: string): boolean;
}

export interface Ports {
  db: Db;
  events: EventPublisher;
  clock: Clock;
  limiter: Limiter;
  /** Renders post bodies off the event loop, one per process (@fso/markdown's render pool). */
  renderer: RenderPool;
  /** Signs and checks the tokens of mailed links (@fso/mail's mailKey of the session secret). */
  mailKey: Buffer;
  passwords: Passwords;
  /** Randomness (Battleship fleets, new accounts' username suffixes): node:crypto's CSPRNG (platform's crypto-rng.ts), or a test's fixed one. */
  rng: Rng;
  semantic: Semantic;
  log: Log;
}
