import { Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../common-texts.js';
import type { ExecutionMode } from '../ExecutionModeDialog.js';
import type { FleetColumn, FleetTablePage, FleetTableQuery, FleetTableSort } from '../FleetTable.js';
import { useSession } from '../session.js';
import { WizardFinished } from '../wizard.js';
import { deleteAction } from './actions.js';
import { createdColumn } from './columns.js';
import type { ListFilters } from './ListPage.js';
import { ListPage } from './ListPage.js';
import { usePushDialog } from './use-push-dialog.js';

/** A relation that carries a configuration layer (a group, a model template). */
export interface ConfigurationRow {
  id: number;
  description?: string | null;
  createTime: string;
}

export interface ConfigurationListPageProps<Row extends ConfigurationRow> {
  /** The route power, the wizard's area and the test ids' prefix (`group-list`, `group-add` ...). */
  area: 'group' | 'model';
  /** Remembers the column choice per user. */
  tableId: string;
  title: string;
  /** The name column; the row the wizard just created stands out in it. */
  name: { field: Extract<keyof Row, string>; title: string };
  /** The area's own columns, between the description and the creation time. */
  columns: FleetColumn<Row>[];
  keywordsPlaceholder: string;
  defaultSort?: FleetTableSort;
  search(query: FleetTableQuery, filters: ListFilters): Promise<FleetTablePage<Row>>;
  remove(ids: number[]): Promise<unknown>;
  push(row: Row, mode: ExecutionMode): Promise<unknown>;
  deleteConfirm: { title: string; content(count: number): string };
  /** The wizard's last step above the list: its steps, and whether the relation still exists. */
  wizard: {
    steps: readonly string[];
    exists(id: number): Promise<unknown>;
    title(name: string): string;
    hint: string;
  };
  /** Where Add, Edit and Set parameters go. */
  paths: { add: string; edit(row: Row): string; params(row: Row): string };
}

/**
 * The list of a configuration relation (groups, model templates; spec §2 /group, /model): searchable
 * by keywords and site, with add, edit, set parameters, push and delete, each shown only with its
 * permission button, and the wizard's finish step above it.
 */
export function ConfigurationListPage<Row extends ConfigurationRow>(props: ConfigurationListPageProps<Row>) {
  const { area, wizard, paths } = props;
  const { field, title } = props.name;
  const { zoneOffset } = useSession();
  const t = useTexts();
  const navigate = useNavigate();
  const [created, setCreated] = useState<number>();
  const pushing = usePushDialog(props.push);

  const columns = useMemo<FleetColumn<Row>[]>(
    () => [
      {
        key: field,
        title,
        dataIndex: field,
        sorter: true,
        render: (value: ReactNode, row: Row) =>
          row.id === created ? (
            <Typography.Text mark strong data-testid="created-name">
              {value}
            </Typography.Text>
          ) : (
            value
          ),
      },
      { key: 'description', title: t('description'), dataIndex: 'description', ellipsis: true },
      ...props.columns,
      createdColumn<Row>(t('created'), zoneOffset),
    ],
    [field, title, props.columns, t, zoneOffset, created],
  );
  const remove = deleteAction({ run: props.remove, confirm: props.deleteConfirm });

  return (
    <ListPage<Row>
      power={area}
      tableId={props.tableId}
      testId={`${area}-list`}
      title={props.title}
      banner={
        <WizardFinished
          area={area}
          steps={wizard.steps}
          exists={(id) => wizard.exists(id)}
          title={wizard.title}
          subTitle={wizard.hint}
          onFound={(relation) => setCreated(relation.id)}
        />
      }
      columns={columns}
      request={props.search}
      {...(props.defaultSort ? { defaultSort: props.defaultSort } : {})}
      keywords={{ placeholder: props.keywordsPlaceholder, testId: `${area}-search` }}
      site={{}}
      toolbar={[
        {
          key: 'add',
          button: 'add',
          primary: true,
          testId: `${area}-add`,
          onClick: () => navigate(paths.add),
        },
        remove,
      ]}
      rowActions={(row) => [
        { key: 'edit', button: 'edit', onClick: () => navigate(paths.edit(row)) },
        { key: 'setParam', button: 'setParam', onClick: () => navigate(paths.params(row)) },
        { key: 'push', button: 'push', onClick: () => pushing.ask(row) },
        remove,
      ]}
    >
      {pushing.dialog}
    </ListPage>
  );
}
