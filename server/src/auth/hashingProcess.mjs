// The password hashing process: the server forks it and lowers its priority, so a storm of
// sign-ins uses the CPU the server's own requests leave idle instead of taking it from them.
// Plain JavaScript so it starts without the TypeScript loader, in every way the server runs.
import { scrypt } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

const operations = {
  hash: ({ password, options }) => argon2Hash(password, options),
  // A stored hash argon2 cannot read matches no password.
  verify: ({ stored, password }) => argon2Verify(stored, password).catch(() => false),
  scrypt: ({ password, salt, keylen, options }) =>
    new Promise((resolve, reject) =>
      scrypt(password, Buffer.from(salt, 'base64'), keylen, options, (error, key) =>
        error ? reject(error) : resolve(key.toString('base64')),
      ),
    ),
};

process.on('message', async ({ id, operation, input }) => {
  try {
    const value = await operations[operation](input);
    process.send({ id, value });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
// The server's end closing means it stopped: nothing is left to hash.
process.on('disconnect', () => process.exit(0));
// The server sends nothing before this: a message that came before the listener would be lost.
process.send({ ready: true });
