import { formatDateTime } from '../date-time.js';
import type { FleetColumn } from '../FleetTable.js';

/** The spec's "Created" column: `createTime` in the session's zone, sortable. */
export function createdColumn<Row extends object>(title: string, zoneOffset: string): FleetColumn<Row> {
  return {
    key: 'createTime',
    title,
    dataIndex: 'createTime',
    sorter: true,
    render: (value: string) => formatDateTime(value, zoneOffset),
  };
}
