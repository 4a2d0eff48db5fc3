/** Route tests' rate limits: a factor small enough that each limit is met within a few calls, and a per-user limit under it. */
import { RATE_LIMITS, scaledCount, type LimitedAction } from '@fso/shared';

export const FACTOR = 0.02;

export const perUser = (action: LimitedAction) =>
  scaledCount((RATE_LIMITS[action] as { perUser: number }).perUser, FACTOR);
