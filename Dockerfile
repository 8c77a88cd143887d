# MovieClub: one image with the API, the built client, the Stremio add-on and live updates.
# Build:  docker build -t movieclub .
# Run:    docker run -p 3000:3000 -v movieclub-data:/data movieclub   (SQLite under /data)
# With PostgreSQL and Redis: deploy/compose.yaml. scripts/check-image-steps.mjs runs these
# same steps without Docker, so CI checks them.

# ---- build: the client (Vite) ------------------------------------------------------------
FROM node:20-bookworm-slim AS build
# better-sqlite3 downloads a prebuilt binary for this Node and glibc; these tools are only the
# fallback that compiles it when no prebuilt one matches. sharp and @node-rs/argon2 come as
# prebuilt packages for linux-x64 and linux-arm64 and need nothing.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifests first, so the dependency layer is reused while only the code changes.
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies: the server's alone (no build tools, no client libraries) ----
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
# The server runs its TypeScript through tsx (a dependency of the server), as `npm run serve` does.
# A package the root cannot share (another version there) stays in server/node_modules: made always, copied below.
RUN npm ci --omit=dev --workspace @movieclub/server --no-audit --no-fund \
    && mkdir -p server/node_modules \
    && npm cache clean --force

# ---- runtime -----------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=sqlite:/data/app.db \
    UPLOADS_DIR=/data/uploads
WORKDIR /app
COPY --from=deps /src/node_modules ./node_modules
COPY --from=deps /src/server/node_modules server/node_modules
COPY package.json tsconfig.base.json ./
COPY contract/package.json contract/tsconfig.json contract/
COPY contract/src contract/src
COPY server/package.json server/tsconfig.json server/
COPY server/src server/src
COPY server/data/imdb-sample server/data/imdb-sample
COPY --from=build /src/web/dist web/dist
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Under BASE_PATH the health check lives below the prefix too.
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+(process.env.BASE_PATH||'')+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# node runs the server itself (no npm or tsx wrapper process), so `docker stop`'s SIGTERM reaches it and it closes cleanly.
CMD ["node", "--import", "tsx", "server/src/main.ts"]
