import { createReadStream } from 'node:fs';
import { backupFileQuery } from '@pharm/validators';
import { defineFiles, fileRoute } from '../../lib/http/files.js';

export const backupFiles = defineFiles([
  fileRoute({
    path: '/api/backups/:name',
    permission: 'backups.manage',
    summary: 'A backup file of the embedded database',
    type: 'gzip',
    input: backupFileQuery,
    send: async (c, input) => {
      const { name, path } = await c.backups.file(input);
      return { filename: name, body: createReadStream(path) };
    },
  }),
]);
