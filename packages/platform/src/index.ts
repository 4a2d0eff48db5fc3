/**
 * Public surface of @fso/platform: the process plumbing both entries (web, realtime) and the
 * single process share: config, JSON logger, boot, graceful shutdown, health, origin checks, the
 * cluster bus's publisher and the search tiers' upkeep. No Remix, no Express, no Socket.IO server.
 */
export * from './boot.ts';
export * from './bus.ts';
export * from './config.ts';
export * from './health.ts';
export * from './http-server.ts';
export * from './logging.ts';
export * from './origin.ts';
export * from './ports.ts';
export * from './realtime-config.ts';
export * from './request-failure.ts';
export * from './search-tier-upkeep.ts';
export * from './serial-vote-checks.ts';
export * from './shutdown.ts';
export * from './loopback.ts';
export * from './mail-transport.ts';
export * from './mail-worker.ts';
