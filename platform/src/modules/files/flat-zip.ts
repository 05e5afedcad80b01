import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '../../http/envelope.js';
import type { FileStore } from './file-store.js';

/** yauzl reading a stored zip where it lies: only its central directory is read, never the whole file. */
class StoredZipReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: FileStore,
    private readonly oid: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.store.read(this.oid, start, end - 1), { objectMode: false });
  }
}

/**
 * Refuses a stored `.zip` with folders in it (spec §5 'Zip upload is rejected if it contains
 * folders': 'Bad Zip Content'), or that is not a zip at all, by its central directory alone.
 */
export async function assertFlatStoredZip(store: FileStore, fileId: number): Promise<void> {
  const file = await store.stat(fileId);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new StoredZipReader(store, file.oid), file.size, {
      lazyEntries: true,
      autoClose: false,
    });
  } catch (error) {
    throw AppError.invalid('badZipContent', (error as Error).message);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(AppError.invalid('badZipContent', error.message)));
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/[/\\]/.test(entry.fileName))
          reject(AppError.invalid('badZipContent', `folder: ${entry.fileName}`));
        else zip.readEntry();
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
