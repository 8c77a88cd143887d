import { IMPORT_UNZIPPED_MAX_BYTES, IMPORT_ZIP_ENTRIES_MAX, IMPORT_ZIP_RATIO_MAX } from '@movieclub/contract';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { Pace } from './pace';
import { ImportFileError } from './types';

/** The zip-bomb guards; tests pass smaller ones. */
export interface UnzipLimits {
  /** Everything read from the zip, unpacked. */
  totalBytes: number;
  /** Unpacked ÷ packed size of one entry, checked once the entry passes `ratioFloorBytes`. */
  ratio: number;
  ratioFloorBytes: number;
  entries: number;
}

export const UNZIP_LIMITS: UnzipLimits = {
  totalBytes: IMPORT_UNZIPPED_MAX_BYTES,
  ratio: IMPORT_ZIP_RATIO_MAX,
  ratioFloorBytes: 1024 * 1024,
  entries: IMPORT_ZIP_ENTRIES_MAX,
};

/** Bytes of the upload handed to the unzipper at a time: a deflated piece this size unpacks to at most ~16 MB. */
const PIECE = 16 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en')} MB`;

/** A zip starts with a local file header, or (when it holds nothing) with the end of its directory. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/** Names that would reach outside a folder if unpacked: `..` segments, absolute paths, drive letters, backslashes. */
export function isUnsafeEntryName(name: string): boolean {
  return name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..');
}

const DAMAGED = 'The zip file could not be read; it may be damaged or cut short. Download the export again and upload it as it came.';

/**
 * Unpacks the entries `wanted` names from a zip held in memory, streaming, counting the bytes
 * really produced (never trusting the sizes the zip declares) and stopping at the first limit
 * passed. Every entry name is checked, wanted or not; unwanted entries are never inflated.
 * Answers the wanted entries by name, and the names of every file entry (folders left out).
 */
export async function unzipSafely(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits: UnzipLimits = UNZIP_LIMITS,
): Promise<{ files: Map<string, Uint8Array>; names: string[] }> {
  const files = new Map<string, Uint8Array>();
  const names: string[] = [];
  const unfinished = new Set<string>();
  let entries = 0;
  let total = 0;
  // Set from the unzipper's callbacks; checked after each piece.
  const state: { failure: Error | null } = { failure: null };
  const fail = (error: Error) => {
    state.failure ??= error;
  };

  const unzip = new Unzip((file: UnzipFile) => {
    if (state.failure) return;
    entries += 1;
    if (entries > limits.entries) {
      return fail(new ImportFileError(`The zip holds more than ${limits.entries.toLocaleString('en')} files; an export holds far fewer. Upload the export as it came.`));
    }
    if (isUnsafeEntryName(file.name)) {
      return fail(new ImportFileError(`The zip holds a file named “${file.name.slice(0, 100)}”, which points outside its folder, so it was refused. Upload the export as it came.`));
    }
    if (file.name.endsWith('/')) return;
    names.push(file.name);
    if (!wanted(file.name)) {
      total += file.originalSize ?? 0;
      if (total > limits.totalBytes) fail(tooBig(limits));
      return;
    }
    if (file.originalSize !== undefined && total + file.originalSize > limits.totalBytes) return fail(tooBig(limits));
    // Entries written with a data descriptor do not say their packed size: the whole upload bounds it.
    const packed = Math.max(file.size ?? bytes.length, 1);
    const chunks: Uint8Array[] = [];
    let unpacked = 0;
    unfinished.add(file.name);
    file.ondata = (error, data, final) => {
      if (state.failure) return;
      if (error) return fail(new ImportFileError(DAMAGED));
      unpacked += data.length;
      total += data.length;
      if (total > limits.totalBytes) return fail(tooBig(limits));
      if (unpacked > limits.ratioFloorBytes && unpacked / packed > limits.ratio) {
        return fail(
          new ImportFileError(
            `${file.name} unpacks to more than ${limits.ratio} times its packed size, as zip bombs do, so the zip was refused. Upload the export as it came.`,
          ),
        );
      }
      chunks.push(data);
      if (final) {
        files.set(file.name, concat(chunks, unpacked));
        unfinished.delete(file.name);
      }
    };
    try {
      file.start();
    } catch {
      fail(new ImportFileError(`${file.name} is packed in a way this server cannot read. Upload the export as it came, or the CSV file on its own.`));
    }
  });
  unzip.register(UnzipInflate);

  const pace = new Pace();
  try {
    for (let offset = 0; offset < bytes.length && !state.failure; offset += PIECE) {
      const end = Math.min(offset + PIECE, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
      await pace.turn();
    }
  } catch (error) {
    fail(error instanceof ImportFileError ? error : new ImportFileError(DAMAGED));
  }
  if (state.failure) throw state.failure;
  if (unfinished.size > 0) throw new ImportFileError(DAMAGED);
  return { files, names };
}

const tooBig = (limits: UnzipLimits) =>
  new ImportFileError(`The zip unpacks to more than ${megabytes(limits.totalBytes)}, more than any export, so it was refused. Upload the export as it came.`);

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}
