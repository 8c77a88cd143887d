#!/usr/bin/env node
// Checks the container image without Docker: lints the Dockerfile, then repeats its build and
// runtime stages in a clean copy of the repository's tracked files (as a build context is):
//   build    npm ci, npm run build
//   deps     npm ci --omit=dev --workspace @movieclub/server
//   runtime  only the files the runtime stage copies, started with its CMD and ENV (SQLite
//            under a temporary /data), until /api/health answers 200 and the HEALTHCHECK
//            command exits 0; then again under BASE_PATH=/movies.
// The commands are read from the Dockerfile itself, so the two cannot drift apart.
// Usage: node scripts/check-image-steps.mjs [--keep]   (--keep leaves the temporary folder)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const started = Date.now();
const step = (text) => console.log(`\n[${((Date.now() - started) / 1000).toFixed(0)} s] ${text}`);

/** Runs a command as a stage would: this machine's environment without NODE_ENV, plus the stage's ENV. */
function run(command, args, cwd, env = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const { NODE_ENV: _ignored, ...outer } = process.env;
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...outer, ...env } });
}

/** The Dockerfile's instructions, with continuation lines joined, grouped by stage name. */
function readDockerfile(file) {
  const lines = fs.readFileSync(file, 'utf8').replace(/\\\n/g, ' ').split('\n');
  const stages = new Map();
  let current = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, instruction, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (instruction === 'FROM') {
      current = { name: / AS (\w+)$/i.exec(rest)?.[1] ?? String(stages.size), image: rest.split(/\s+/)[0], steps: [] };
      stages.set(current.name, current);
    } else if (current) {
      current.steps.push({ instruction, rest: rest.replace(/\s+/g, ' ') });
    }
  }
  return stages;
}

const execForm = (rest) => (rest.startsWith('[') ? JSON.parse(rest) : ['sh', '-c', rest]);

/** ENV a=b c=d (and ENV a b) as an object. */
function envOf(steps) {
  const env = {};
  for (const { instruction, rest } of steps) {
    if (instruction !== 'ENV') continue;
    const pairs = rest.includes('=') ? rest.split(' ').map((pair) => pair.split('=')) : [rest.split(' ')];
    for (const [name, ...value] of pairs) env[name] = value.join('=');
  }
  return env;
}

/**
 * The npm commands of a stage's RUN steps, and its mkdir of folders inside the stage (apt-get lines
 * install system tools this machine already has; absolute folders are the image's, not this machine's).
 */
function npmCommands(steps) {
  return steps
    .filter(({ instruction }) => instruction === 'RUN')
    .flatMap(({ rest }) => rest.split('&&').map((part) => part.trim()))
    .filter((command) => (command.startsWith('npm ') && !command.startsWith('npm cache')) || /^mkdir -p [^/\s]\S*$/.test(command));
}

/** Copies the paths COPY names from a context (or another stage's folder) into a stage's folder. */
function copyStep(rest, stageDirs, contextDir, workDir) {
  const words = rest.split(' ').filter((word) => !word.startsWith('--chown'));
  const from = words[0].startsWith('--from=') ? stageDirs.get(words.shift().slice('--from='.length)) : contextDir;
  const target = words.pop();
  for (const source of words) {
    const src = path.join(from.root, from.workdir ? path.relative(from.workdir, path.resolve(from.workdir, source)) : source);
    const dest = target.endsWith('/') ? path.join(workDir, target, path.basename(source)) : path.join(workDir, target);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.cpSync(src, dest, { recursive: true, verbatimSymlinks: true });
  }
}

/** Plays a stage's COPY and RUN steps in a folder standing for its WORKDIR; returns the folder. */
function playStage(stage, stageDirs, contextDir, folder) {
  fs.mkdirSync(folder, { recursive: true });
  const env = envOf(stage.steps);
  for (const { instruction, rest } of stage.steps) {
    if (instruction === 'COPY') {
      if (rest === '. .') fs.cpSync(contextDir.root, folder, { recursive: true, verbatimSymlinks: true });
      else copyStep(rest, stageDirs, contextDir, folder);
    } else if (instruction === 'RUN') {
      for (const command of npmCommands([{ instruction, rest }])) run('sh', ['-c', command], folder, env);
    }
  }
  const workdir = stage.steps.findLast(({ instruction }) => instruction === 'WORKDIR')?.rest ?? '/';
  return { root: folder, workdir };
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Starts the runtime folder as CMD does, waits for health, runs HEALTHCHECK's command, stops it with SIGTERM. */
async function checkRuntime(runtime, dataDir, extraEnv) {
  const env = { ...process.env, ...envOf(runtime.steps), ...extraEnv };
  env.DATABASE_URL = env.DATABASE_URL.replace('/data', dataDir);
  env.UPLOADS_DIR = env.UPLOADS_DIR.replace('/data', dataDir);
  env.HOST = '127.0.0.1';
  env.LOG_LEVEL = 'warn';
  const [command, ...args] = execForm(runtime.steps.find(({ instruction }) => instruction === 'CMD').rest);
  const healthcheck = runtime.steps.find(({ instruction }) => instruction === 'HEALTHCHECK').rest.replace(/^.*?CMD /, '');
  const [checkCommand, ...checkArgs] = execForm(healthcheck);
  const server = spawn(command === 'node' ? process.execPath : command, args, { cwd: runtime.dir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(signal ?? code)));
  try {
    const base = `http://127.0.0.1:${env.PORT}${env.BASE_PATH ?? ''}`;
    let status = 0;
    for (let tries = 0; tries < 300 && status !== 200; tries++) {
      if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was healthy.`);
      status = await fetch(`${base}/api/health`).then((reply) => reply.status, () => 0);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (status !== 200) throw new Error(`${base}/api/health did not answer 200 within a minute (last: ${status}).`);
    console.log(`${base}/api/health answered 200`);
    const page = await fetch(`${base}/movie/1`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes(`src="${env.BASE_PATH ?? ''}/assets/`)) throw new Error(`The client page is not served as built: ${page.status}.`);
    console.log('The client is served');
    run(checkCommand === 'node' ? process.execPath : checkCommand, checkArgs, runtime.dir, env);
    console.log('The HEALTHCHECK command exited 0');
  } finally {
    server.kill('SIGTERM');
    const result = await exited;
    if (result !== 0 && result !== 'SIGTERM') console.log(`The server stopped with ${result}`);
  }
}

async function main() {
  step('Linting the Dockerfile with dockerfilelint');
  run(process.execPath, [path.join(repo, 'node_modules', 'dockerfilelint', 'bin', 'dockerfilelint'), path.join(repo, 'Dockerfile')], repo);

  const stages = readDockerfile(path.join(repo, 'Dockerfile'));
  for (const name of ['build', 'deps', 'runtime']) if (!stages.has(name)) throw new Error(`The Dockerfile has no '${name}' stage.`);
  const nodeMajor = /^node:(\d+)/.exec(stages.get('runtime').image)?.[1];
  if (nodeMajor !== process.versions.node.split('.')[0]) {
    console.log(`Note: the image uses Node ${nodeMajor}; this check runs on Node ${process.versions.node}.`);
  }

  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-image-'));
  try {
    step('The build context: tracked files less .dockerignore');
    const context = path.join(temp, 'context');
    const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
    const ignored = fs
      .readFileSync(path.join(repo, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((pattern) => new RegExp(`^${pattern.replace(/^\*\*\//, '(.*/)?').replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}(/|$)`));
    let files = 0;
    for (const file of tracked) {
      if (ignored.some((pattern) => pattern.test(file)) || !fs.existsSync(path.join(repo, file))) continue;
      fs.mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
      fs.copyFileSync(path.join(repo, file), path.join(context, file));
      files++;
    }
    console.log(`${files} files`);
    const contextDir = { root: context, workdir: null };
    const stageDirs = new Map();

    for (const name of ['build', 'deps']) {
      step(`Stage ${name}: ${npmCommands(stages.get(name).steps).join('; ')}`);
      stageDirs.set(name, playStage(stages.get(name), stageDirs, contextDir, path.join(temp, name)));
    }

    step('Stage runtime: the files it copies');
    const runtimeDir = path.join(temp, 'runtime');
    playStage(stages.get('runtime'), stageDirs, contextDir, runtimeDir);
    const runtime = { ...stages.get('runtime'), dir: runtimeDir };
    for (const unwanted of ['node_modules/vite', 'node_modules/react', 'node_modules/eslint', 'node_modules/typescript', 'web/src', 'e2e']) {
      if (fs.existsSync(path.join(runtimeDir, unwanted))) throw new Error(`The runtime stage holds ${unwanted}, which it does not need.`);
    }
    console.log(`node_modules: ${execFileSync('du', ['-sh', path.join(runtimeDir, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]}`);

    const port = String(await freePort());
    step('Runtime: CMD at the root, then HEALTHCHECK');
    await checkRuntime(runtime, path.join(temp, 'data-root'), { PORT: port });
    step('Runtime: CMD under BASE_PATH=/movies, then HEALTHCHECK');
    await checkRuntime(runtime, path.join(temp, 'data-prefix'), { PORT: port, BASE_PATH: '/movies' });
    step('The image steps work');
  } finally {
    if (keep) console.log(`Kept ${temp}`);
    else fs.rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
