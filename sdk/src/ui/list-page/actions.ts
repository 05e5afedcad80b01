import type { CommonTextKey } from '../common-texts.js';
import type { SortOrder } from '../FleetTable.js';

/** The kit's list page, as its actions and dialogs see it. */
export interface ListPageApi<Filters> {
  /** Ids of the selected rows (kept across pages). */
  selected: readonly number[];
  filters: Filters;
  /** The sort of the last request (server-sorted tables), e.g. for an export. */
  sort: { sortField?: string; sortOrder?: SortOrder };
  /** Fetches the current page again. */
  reload(): void;
  /** After work on the selection done elsewhere (a dialog): its message (or "Done"), no selection, a reload. */
  report(text?: string): void;
}

/** A common word by its key (Delete, Push, Import ...) or the action's own label. */
type Labelled = { key: CommonTextKey; label?: string } | { key: string; label: string };

type Look = Labelled & {
  /** Permission button(s) of the page's power the action needs (spec §6); without: always shown. */
  button?: string | readonly string[];
  primary?: boolean;
  danger?: boolean;
  testId?: string;
};

export interface ListConfirm {
  /** Default: the action's label. */
  title?: string;
  /** The question for this many rows; default "<label> the N selected item(s)?". */
  content?(count: number): string;
  /** Default: the action's label. */
  okText?: string;
}

/**
 * Work on rows (the selection in the toolbar, one row in a row): asks first when `confirm` is
 * given, then shows the server's message (or `doneText`, or "Done"), takes the rows out of the
 * selection and reloads. Failures were shown by the api client; the list reloads anyway.
 */
export type RunAction = Look & {
  confirm?: ListConfirm;
  /** Resolves with the server's message to show (a string), or anything else. */
  run(ids: number[]): Promise<unknown>;
  doneText?: string;
  /** The work creates a task: "The task has been created" for 6 s (spec §9). */
  createsTask?: boolean;
};

export type ToolbarAction<Filters> =
  | RunAction
  | (Look & {
      onClick(list: ListPageApi<Filters>): void;
      /** Disabled until a row is selected. */
      needsSelection?: boolean;
    });

export type RowAction<Row, Filters> =
  | RunAction
  | (Look & { onClick(row: Row, list: ListPageApi<Filters>): void });

export function isRunAction(action: ToolbarAction<never> | RowAction<never, never>): action is RunAction {
  return 'run' in action;
}

/**
 * The standard Delete (button `delete`, danger): confirmation, then "Deleted successfully" unless
 * the server answers with its own message.
 */
export function deleteAction(options: {
  run(ids: number[]): Promise<unknown>;
  confirm?: ListConfirm;
  doneText?: string;
}): RunAction {
  return {
    key: 'delete',
    button: 'delete',
    danger: true,
    confirm: options.confirm ?? {},
    run: options.run,
    ...(options.doneText ? { doneText: options.doneText } : {}),
  };
}

/** The task-creating seconds of spec §9 ("The task has been created" stays 6 s). */
export const TASK_NOTICE_SECONDS = 6;
