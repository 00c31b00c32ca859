# syntax=docker/dockerfile:1
# The site and its lead server in one image (docs/deploy.md): built with every dependency, run
# with the production ones only, as a non-root user. Each RUN is a command CI runs too, or, for
# `npm ci --omit=dev`, one whose result CI checks (scripts/deploy-files.test.ts).

# Node 22 LTS on Debian 12. The full image has the compilers better-sqlite3 falls back to when
# no prebuilt binary fits; the runtime below needs none of them.
FROM node:22-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
# Links, host names and other browser-visible settings are baked into the pages at build, so
# the build reads the production .env, handed over as a build secret that never lands in a
# layer (`docker build --secret id=env,src=.env .`; compose.yaml does it). Without one it
# builds with the defaults of .env.example.
RUN --mount=type=secret,id=env,target=/app/.env npm run build

FROM node:22-bookworm AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    BIND_ADDRESS=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY . .
COPY --from=build /app/dist ./dist
# SQLite's directory (unused with DATABASE_URL), owned by the user the server runs as; a new
# volume mounted on it starts with that owner.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As in deploy/founder-site.service: Node with tsx's loader, one process that gets SIGTERM.
CMD ["node", "--import", "tsx", "server/index.ts"]
