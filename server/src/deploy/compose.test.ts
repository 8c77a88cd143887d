import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { FILE_SETTINGS, REPO_ROOT } from '../config';

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
interface Compose {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
  volumes: Record<string, unknown>;
}

const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'compose.yaml'), 'utf8')) as Compose;
const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');

/** deploy/compose.yaml as Docker Compose reads it, and the Dockerfile beside it. */
describe('the Compose file and the image', () => {
  it('runs the app on PostgreSQL and Redis, starting it only once both are healthy', () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ['app', 'postgres', 'redis']);
    const { app, postgres, redis } = compose.services;
    assert.ok(app.build, 'the app is built from this repository');
    assert.match(postgres.image ?? '', /^postgres:16/);
    assert.match(redis.image ?? '', /^redis:7/);
    assert.deepEqual(app.depends_on, { postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    assert.match(postgres.healthcheck?.test.join(' ') ?? '', /pg_isready/);
    assert.match(redis.healthcheck?.test.join(' ') ?? '', /redis-cli ping/);
    assert.equal(app.environment?.REDIS_URL, 'redis://redis:6379');
  });

  it('hands secrets over as files, each one named by a _FILE setting the server reads', () => {
    const { app, postgres } = compose.services;
    for (const [name, value] of Object.entries(app.environment ?? {})) {
      if (!name.endsWith('_FILE')) continue;
      assert.ok((FILE_SETTINGS as readonly string[]).includes(name.slice(0, -'_FILE'.length)), `${name} is a setting the server reads from a file`);
      const secret = /^\/run\/secrets\/(\w+)$/.exec(value)?.[1];
      assert.ok(secret && app.secrets?.includes(secret), `${name} names a secret the app is given`);
      assert.equal(app.environment?.[name.slice(0, -'_FILE'.length)], undefined, `${name} is not also set directly`);
    }
    assert.ok(app.environment?.SESSION_SECRET_FILE, 'the session secret comes from a file');
    assert.ok(app.environment?.DATABASE_URL_FILE, 'the database address (with its password) comes from a file');
    assert.equal(postgres.environment?.POSTGRES_PASSWORD_FILE, '/run/secrets/postgres_password');
    for (const secret of [...(app.secrets ?? []), ...(postgres.secrets ?? [])]) {
      assert.match(compose.secrets[secret]?.file ?? '', /^\.\/secrets\/\w+\.txt$/, `${secret} is read from deploy/secrets/`);
    }
  });

  it('keeps the data in named volumes', () => {
    assert.deepEqual(compose.services.app.volumes, ['app-data:/data']);
    assert.deepEqual(compose.services.postgres.volumes, ['postgres-data:/var/lib/postgresql/data']);
    assert.deepEqual(Object.keys(compose.volumes).sort(), ['app-data', 'postgres-data']);
  });

  it('builds an image that runs as a user, keeps its data in /data and checks its health under any BASE_PATH', () => {
    assert.match(dockerfile, /^USER node$/m);
    assert.match(dockerfile, /^VOLUME \/data$/m);
    assert.match(dockerfile, /DATABASE_URL=sqlite:\/data\/app\.db/);
    assert.match(dockerfile, /^HEALTHCHECK .*\n?.*process\.env\.BASE_PATH/m);
    assert.ok(!fs.readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n').includes('server/data'), 'the IMDb sample goes into the image');
  });
});
