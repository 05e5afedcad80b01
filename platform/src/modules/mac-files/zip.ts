import yauzl from 'yauzl';
import { AppError } from '../../http/envelope.js';

export interface ZipLimits {
  maxEntries: number;
  /** Per file, checked on the bytes actually inflated (headers can lie). */
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export interface ZipEntryFile {
  name: string;
  bytes: Buffer;
}

function badZip(detail: string): AppError {
  return AppError.invalid('badZipContent', detail);
}

/**
 * The files of a flat zip. Folders are refused ('Bad Zip Content', spec §5), and so are archives
 * over the limits: too many entries, or more inflated bytes than allowed, counted while inflating.
 */
export async function readFlatZip(buffer: Buffer, limits: ZipLimits): Promise<ZipEntryFile[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch (error) {
    throw badZip((error as Error).message);
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw badZip(`more than ${limits.maxEntries} files`);
  }
  const files: ZipEntryFile[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/[/\\]/.test(entry.fileName)) return reject(badZip(`folder: ${entry.fileName}`));
        if (entry.isEncrypted()) return reject(badZip(`encrypted: ${entry.fileName}`));
        if (entry.uncompressedSize > limits.maxEntryBytes)
          return reject(badZip(`${entry.fileName}: larger than ${limits.maxEntryBytes} bytes`));
        if (total + entry.uncompressedSize > limits.maxTotalBytes)
          return reject(badZip(`unpacked size over ${limits.maxTotalBytes} bytes`));
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(badZip(openError.message));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            total += chunk.length;
            if (size > limits.maxEntryBytes || total > limits.maxTotalBytes) {
              stream.destroy();
              reject(badZip(`unpacked size over the limit at ${entry.fileName}`));
              return;
            }
            chunks.push(chunk);
          });
          stream.on('error', (error) => reject(badZip(error.message)));
          stream.on('end', () => {
            files.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}
