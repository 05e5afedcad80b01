import { defineModule, service } from '../../module.js';
import { FileStore } from './file-store.js';
import { storedFiles } from './migrations/0023-stored-files.js';

export const filesModule = defineModule({
  id: 'files',
  services: { fileStore: service(FileStore) },
  jobs: ({ fileStore }: { fileStore: FileStore }) => [
    { name: 'unclaimed-files', everyMs: 10 * 60 * 1000, run: async () => void (await fileStore.sweep()) },
  ],
  migrations: [storedFiles],
  backup: { firmware: ['stored_files'] },
});
