/** Game statuses in words for the screens; the codes (SPEC §4) stay in payloads and data attributes. */
import type { GameStatus } from '@fso/shared';

export const STATUS_LABEL: Record<GameStatus, string> = {
  WAITING_TO_START: 'Waiting for a player',
  IN_PROGRESS: 'In progress',
  OVER: 'Game over',
};
