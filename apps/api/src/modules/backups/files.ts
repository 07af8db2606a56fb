import { createReadStream } from 'node:fs';
import { backupFileQuery } from '@pharm/validators';
import { defineFiles } from '../../lib/http/files.js';

export const backupFiles = defineFiles([
  {
    path: '/api/backups/:name',
    summary: 'A backup file of the embedded database',
    type: 'gzip',
    input: backupFileQuery,
    send: async (c, r) => {
      const { name, path } = await c.backups.file({ name: r.params.name ?? '' });
      return { filename: name, body: createReadStream(path) };
    },
  },
]);
