import type { Migration } from '../../../module.js';

/**
 * What each phone downloaded of the files pushed to it (docs/firmware.md "Upgrade"): requests
 * started, downloads that reached the last byte, bytes sent, and when. A firmware upgrade's
 * result reads it to tell "never downloaded" from "downloaded but came back on the old version".
 */
const sql = `
CREATE TABLE file_downloads (
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  file_id bigint NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
  requests integer NOT NULL DEFAULT 0,
  completed integer NOT NULL DEFAULT 0,
  bytes_sent bigint NOT NULL DEFAULT 0,
  last_request_at timestamptz,
  last_completed_at timestamptz,
  PRIMARY KEY (device_id, file_id)
);
CREATE INDEX file_downloads_file_idx ON file_downloads (file_id);
`;

export const fileDownloads: Migration = {
  name: '0026-file-downloads',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
