import {
  duplicateBindingQuestion,
  FormShell,
  MAX_LINES,
  useConflictRetry,
  useFieldRules,
  useFormShell,
  useLanguage,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Alert, Button, Form, InputNumber, message, Table } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { DEFAULT_DEVICE_SORT, searchDevices } from '../api.js';
import { type Choice, SearchSelect } from '../components/SearchSelect.js';
import { type AccountAssignment, assignMany, searchAccounts } from '../lines-api.js';
import { deviceText } from '../texts.js';
import { useCanAssign } from './DeviceAccountPage.js';

interface Values {
  line: number;
  devices: Choice[];
  accounts: Choice[];
}

interface Pair {
  index: number;
  device: Choice;
  account: Choice;
}

/** Account i for device i, as far as both lists go. */
export function pairUp(devices: readonly Choice[], accounts: readonly Choice[]): Pair[] {
  const count = Math.min(devices.length, accounts.length);
  return Array.from({ length: count }, (_, index) => ({
    index: index + 1,
    device: devices[index] as Choice,
    account: accounts[index] as Choice,
  }));
}

async function deviceChoices(keywords: string): Promise<Choice[]> {
  const page = await searchDevices({
    currentPage: 1,
    pageSize: 50,
    sortField: DEFAULT_DEVICE_SORT.field,
    sortOrder: DEFAULT_DEVICE_SORT.order,
    ...(keywords ? { keywords } : {}),
  });
  return page.rows.map((device) => ({
    value: device.id,
    label: [device.macAddress, device.deviceName, device.deviceModel].filter(Boolean).join(' · '),
  }));
}

async function accountChoices(keywords: string): Promise<Choice[]> {
  return (await searchAccounts(keywords)).map((account) => ({
    value: account.id,
    label: [account.userName, account.labelName, account.serverName].filter(Boolean).join(' · '),
  }));
}

/**
 * `/device/deviceAccountAssign`: many accounts to many devices in one call (`POST
 * /device/accountAssign`): the first chosen account goes to the first chosen device, and so on,
 * all on one line. Accounts bound elsewhere ask the "duplicate account binding" question first.
 * Needs the `sipAccount` `assign` button.
 */
export function DeviceAccountAssignPage({ basePath }: { basePath: string }) {
  const t = useTexts(deviceText);
  const rules = useFieldRules();
  const navigate = useNavigate();
  const canAssign = useCanAssign();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({ form, cancelTo: basePath });
  const conflicts = useConflictRetry(duplicateBindingQuestion(useLanguage()));
  const devices = Form.useWatch('devices', form) ?? [];
  const accounts = Form.useWatch('accounts', form) ?? [];
  const line = Form.useWatch('line', form);
  const pairs = pairUp(devices, accounts);

  if (!canAssign) return <Navigate to="/404" replace />;

  const save = () =>
    shell.submit(async (values) => {
      const assignments: AccountAssignment[] = pairUp(values.devices, values.accounts).map((pair) => ({
        deviceId: pair.device.value,
        line: values.line,
        accountId: pair.account.value,
      }));
      if (!(await conflicts.run((force) => assignMany(assignments, force)))) return false;
      void message.success(t('assigned', { count: assignments.length }));
      navigate(basePath);
    });

  // The conflict question lives outside the form, which is disabled while saving.
  return (
    <>
      {conflicts.holder}
      <FormShell<Values>
        shell={shell}
        title={t('assignAccounts')}
        testId="device-account-assign"
        width={840}
        notice={<Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('assignIntro')} />}
        formProps={{ initialValues: { line: 1, devices: [], accounts: [] } }}
        buttons={
          <Button
            type="primary"
            onClick={() => void save()}
            loading={shell.saving}
            disabled={pairs.length === 0}
            data-testid="assign-accounts"
          >
            {t('assign')}
          </Button>
        }
      >
        <Form.Item
          name="line"
          label={t('line')}
          rules={[
            rules.required,
            { type: 'integer', min: 1, max: MAX_LINES, message: t('lineRange', { max: MAX_LINES }) },
          ]}
        >
          <InputNumber min={1} max={MAX_LINES} precision={0} data-testid="assign-line" />
        </Form.Item>
        <Form.Item name="devices" label={t('devices')} rules={[rules.required]}>
          <SearchSelect
            search={deviceChoices}
            placeholder={t('deviceKeywords')}
            data-testid="assign-devices"
          />
        </Form.Item>
        <Form.Item name="accounts" label={t('accounts')} rules={[rules.required]}>
          <SearchSelect
            search={accountChoices}
            placeholder={t('accountKeywords')}
            data-testid="assign-account-list"
          />
        </Form.Item>
        {devices.length !== accounts.length && pairs.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('countMismatch', {
              devices: devices.length,
              accounts: accounts.length,
              pairs: pairs.length,
            })}
          />
        ) : null}
        {pairs.length > 0 ? (
          <Form.Item label={t('assignments')}>
            <Table<Pair>
              size="small"
              rowKey="index"
              pagination={pairs.length > 20 ? { pageSize: 20 } : false}
              dataSource={pairs}
              data-testid="assign-pairs"
              columns={[
                { key: 'index', title: '#', dataIndex: 'index', width: 60 },
                { key: 'device', title: t('devices'), render: (_, pair) => pair.device.label },
                { key: 'line', title: t('line'), render: () => line ?? '' },
                { key: 'account', title: t('accounts'), render: (_, pair) => pair.account.label },
              ]}
            />
          </Form.Item>
        ) : null}
      </FormShell>
    </>
  );
}
