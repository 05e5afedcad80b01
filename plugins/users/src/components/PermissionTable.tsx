import type { GrantableResource, RolePermission } from '@phonefleet/sdk';
import { useLanguage, useTexts } from '@phonefleet/sdk/ui';
import { Checkbox, Space, Table } from 'antd';
import { buttonLabel, userText } from '../texts.js';

export interface PermissionTableProps {
  /** What a role of the caller may hold (`GET /role/allResources`). */
  resources: readonly GrantableResource[];
  value?: RolePermission[];
  onChange?(permissions: RolePermission[]): void;
  disabled?: boolean;
  id?: string;
}

/**
 * A role's function permissions: one row per resource with its checkbox, and its permission
 * buttons as checkboxes. Checking a resource grants all its buttons; checking a button grants its
 * resource; unchecking a resource takes its buttons away.
 */
export function PermissionTable({ resources, value = [], onChange, disabled, id }: PermissionTableProps) {
  const t = useTexts(userText);
  const language = useLanguage();
  const granted = new Map(value.map((permission) => [permission.power, permission.buttons]));
  const set = (power: string, buttons: string[] | null) => {
    const next = new Map(granted);
    if (buttons === null) next.delete(power);
    else next.set(power, buttons);
    // In the order of the resources, so the saved list reads like the table.
    onChange?.(
      resources
        .filter((resource) => next.has(resource.power))
        .map((resource) => ({ power: resource.power, buttons: next.get(resource.power) ?? [] })),
    );
  };
  const all = resources.length > 0 && resources.every((resource) => granted.has(resource.power));
  const some = resources.some((resource) => granted.has(resource.power));

  return (
    <Table<GrantableResource>
      id={id}
      data-testid="role-permissions"
      size="small"
      bordered
      pagination={false}
      rowKey="power"
      dataSource={[...resources]}
      columns={[
        {
          key: 'resource',
          width: 260,
          title: (
            <Checkbox
              checked={all}
              indeterminate={some && !all}
              disabled={disabled}
              data-testid="permission-all"
              onChange={(event) =>
                onChange?.(
                  event.target.checked
                    ? resources.map((resource) => ({ power: resource.power, buttons: [...resource.buttons] }))
                    : [],
                )
              }
            >
              {t('resource')}
            </Checkbox>
          ),
          render: (_: unknown, resource) => (
            <Checkbox
              checked={granted.has(resource.power)}
              disabled={disabled}
              data-testid={`permission-${resource.power}`}
              onChange={(event) => set(resource.power, event.target.checked ? [...resource.buttons] : null)}
            >
              {language === 'zh-CN' ? resource.rsNameCn : resource.rsName}
            </Checkbox>
          ),
        },
        {
          key: 'buttons',
          title: t('permissionButtons'),
          render: (_: unknown, resource) => (
            <Space wrap size={[12, 4]}>
              {resource.buttons.map((button) => (
                <Checkbox
                  key={button}
                  checked={granted.get(resource.power)?.includes(button) ?? false}
                  disabled={disabled}
                  data-testid={`permission-${resource.power}-${button}`}
                  onChange={(event) => {
                    const current = granted.get(resource.power) ?? [];
                    set(
                      resource.power,
                      event.target.checked
                        ? resource.buttons.filter((b) => b === button || current.includes(b))
                        : current.filter((b) => b !== button),
                    );
                  }}
                >
                  {buttonLabel(t, button)}
                </Checkbox>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}
