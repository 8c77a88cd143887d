import { type ChildProcess, fork } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Password hashes run in a child process at the lowest CPU priority. A hash keeps a core busy
 * for tens of milliseconds; in a thread of the server it competes with the event loop as an
 * equal, so a burst of sign-ins slowed every other request. Lowered, it takes only the CPU the
 * server leaves idle. One process serves every app in this process, started on first use and
 * stopped after IDLE_EXIT_MS without a hash, so a quiet server does not keep its memory (some
 * 40 MB); the next sign-in starts it again.
 */
const SCRIPT = fileURLToPath(new URL('./hashingProcess.mjs', import.meta.url));

/** How long the hashing process waits for work before it stops. */
export const HASHING_IDLE_EXIT_MS = 5 * 60_000;
let idleExitMs = HASHING_IDLE_EXIT_MS;

/** For tests: how long a hashing process that becomes idle from now on waits before it stops. */
export function setHashingIdleExit(ms: number): void {
  idleExitMs = ms;
}

type Operations = {
  hash: { input: { password: string; options: object }; value: string };
  verify: { input: { stored: string; password: string }; value: boolean };
  scrypt: { input: { password: string; salt: string; keylen: number; options: object }; value: string };
};
type Reply = { id: number; value?: unknown; error?: string } | { ready: true };
type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };

class HashingProcess {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  /** Settled once the process listens: sends wait for it. */
  private readonly ready: Promise<void>;
  private becameReady = () => {};
  private idleExit: NodeJS.Timeout | null = null;

  /** `retire` is called as the process stops for idleness, before it exits: the next hash starts another. */
  constructor(
    readonly child: ChildProcess,
    private readonly retire: () => void,
  ) {
    try {
      setPriority(child.pid ?? 0, constants.priority.PRIORITY_LOW);
    } catch {
      // A platform that refuses hashes at normal priority, as they ran before.
    }
    this.ready = new Promise((resolve) => (this.becameReady = resolve));
    child.on('message', (reply: Reply) => ('ready' in reply ? this.becameReady() : this.settle(reply)));
    this.idle();
  }

  run(operation: keyof Operations, input: unknown): Promise<unknown> {
    const id = this.nextId++;
    if (this.idleExit) clearTimeout(this.idleExit);
    this.idleExit = null;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Referenced while a hash is awaited, so a script that only hashes waits for its answer.
      this.child.ref();
      this.child.channel?.ref();
      void this.ready.then(() =>
        this.child.send({ id, operation, input }, (error) => {
          if (error) this.settle({ id, error: error.message });
        }),
      );
    });
  }

  failAll(error: Error) {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }

  private settle({ id, value, error }: { id: number; value?: unknown; error?: string }) {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    if (error === undefined) waiting.resolve(value);
    else waiting.reject(new Error(error));
    if (this.waiting.size === 0) this.idle();
  }

  /** An idle hashing process never keeps the server's process alive, and stops when no hash comes for a while. */
  private idle() {
    this.child.unref();
    this.child.channel?.unref();
    if (this.idleExit) clearTimeout(this.idleExit);
    this.idleExit = setTimeout(() => {
      if (this.waiting.size > 0) return;
      this.retire();
      this.child.kill();
    }, idleExitMs);
    this.idleExit.unref();
  }
}

let current: HashingProcess | null = null;

function hashingProcess(): HashingProcess {
  if (current) return current;
  const child = fork(SCRIPT, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const started: HashingProcess = new HashingProcess(child, () => {
    if (current === started) current = null;
  });
  const stopped = (error: Error) => {
    if (current === started) current = null;
    started.failAll(error);
  };
  child.on('exit', () => stopped(new Error('The password hashing process stopped.')));
  child.on('error', stopped);
  current = started;
  return started;
}

/** Runs one operation in the hashing process; a process that stopped is started again on the next call. */
export function runHashing<K extends keyof Operations>(operation: K, input: Operations[K]['input']): Promise<Operations[K]['value']> {
  return hashingProcess().run(operation, input) as Promise<Operations[K]['value']>;
}

/** The hashing process's id, started if need be (for tests that check its priority or stop it). */
export function hashingProcessId(): number | undefined {
  return hashingProcess().child.pid;
}
