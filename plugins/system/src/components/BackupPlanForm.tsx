import type { BackupContent, BackupPlanRow } from '@phonefleet/sdk';
import {
  BACKUP_CONTENTS,
  FormShell,
  formatDateTime,
  translate,
  useFieldRules,
  useFormShell,
  useLanguage,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Button, Checkbox, Form, Input, InputNumber, message, Radio, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { type BackupPlanInput, backUpNow, savePlan } from '../api.js';
import { type SystemTextKey, systemText } from '../texts.js';

/** The server's rules (docs/backup.md "Plans and schedules"), so bad input is refused before it is sent. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const SFTP_URL = /^sftp:\/\/[^/\s:]+(:\d{1,5})?(\/\S*)?$/i;
const URL_MAX = 512;
const KEEP = { min: 1, max: 1000 };
/** The times offered, every quarter of an hour (`HH:mm`, server time); a plan's own time is added. */
const QUARTERS = Array.from({ length: 96 }, (_, index) => {
  const minutes = index * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

interface PlanValues {
  fileName: string;
  content: BackupContent[];
  destination: 'local' | 'remote';
  remoteUrl?: string;
  username?: string;
  password?: string;
  automatic: 0 | 1 | 2;
  time: string;
  weekday: number;
  keep: number;
}

const CONTENT_LABEL: Record<BackupContent, SystemTextKey> = {
  configuration: 'contentConfiguration',
  devices: 'contentDevices',
  firmware: 'contentFirmware',
  logs: 'contentLogs',
};

/** What a console without a plan starts with: everything, to the data folder, by hand, 7 kept. */
const NEW_PLAN: PlanValues = {
  fileName: 'phonefleet',
  content: [...BACKUP_CONTENTS],
  destination: 'local',
  automatic: 0,
  time: '02:00',
  weekday: 1,
  keep: 7,
};

function valuesOf(plan: BackupPlanRow | null): PlanValues {
  if (!plan) return NEW_PLAN;
  return {
    fileName: plan.fileName,
    content: plan.content,
    destination: plan.destination,
    remoteUrl: plan.remoteUrl,
    username: plan.username,
    password: '',
    automatic: plan.automatic,
    time: plan.time,
    weekday: plan.weekday,
    keep: plan.keep,
  };
}

function inputOf(values: PlanValues, plan: BackupPlanRow | null): BackupPlanInput {
  const remote = values.destination === 'remote';
  return {
    ...(plan ? { id: plan.id } : {}),
    fileName: values.fileName.trim(),
    content: values.content,
    destination: values.destination,
    remoteUrl: remote ? (values.remoteUrl ?? '').trim() : '',
    username: remote ? (values.username ?? '').trim() : '',
    // Write-only: an empty field keeps the stored password.
    ...(remote && values.password ? { password: values.password } : {}),
    automatic: values.automatic,
    time: values.time,
    weekday: values.weekday,
    keep: values.keep,
  };
}

/**
 * The backup plan (spec §2 /backup, §3 Backup, §5): file name, content, local or remote (SFTP URL,
 * username, write-only password), automatic off / daily / weekly at a time and weekday, how many
 * to keep. Save stores it; Back up now saves it, then starts it (the host's dialog takes over).
 */
export function BackupPlanForm({ plan, onSaved }: { plan: BackupPlanRow | null; onSaved(): void }) {
  const t = useTexts(systemText);
  const language = useLanguage();
  const { hasButton, zoneOffset } = useSession();
  const rules = useFieldRules();
  const [form] = Form.useForm<PlanValues>();
  const shell = useFormShell({ form, cancelTo: () => form.setFieldsValue(valuesOf(plan)) });
  const [starting, setStarting] = useState(false);
  const destination = Form.useWatch('destination', form) ?? plan?.destination ?? 'local';
  const automatic = Form.useWatch('automatic', form) ?? plan?.automatic ?? 0;
  const canSave = hasButton('backup', 'add');

  const remoteRules: Rule[] = [
    { required: true, whitespace: true, message: translate('backupRemoteIncomplete', language) },
    { max: URL_MAX, message: translate('backupUrlTooLong', language) },
    { pattern: SFTP_URL, message: translate('backupUrlInvalid', language) },
  ];
  const fileNameRules: Rule[] = [
    { required: true, whitespace: true, message: translate('backupFileNameRequired', language) },
    { max: 128, message: translate('nameTooLong', language) },
    { pattern: FILE_NAME, message: translate('invalidFormat', language) },
  ];

  const save = async (andRun: boolean) => {
    await shell.submit(async (values) => {
      const saved = await savePlan(inputOf(values, plan));
      form.setFieldsValue({ password: '' });
      if (!andRun) {
        void message.success(t('saved'));
        onSaved();
        return;
      }
      setStarting(true);
      try {
        await backUpNow(saved.id);
      } finally {
        setStarting(false);
        onSaved();
      }
    });
  };

  return (
    <FormShell
      shell={shell}
      testId="backup-plan"
      title={t('planTitle')}
      readOnly={!canSave}
      formProps={{ initialValues: valuesOf(plan) }}
      buttons={
        canSave ? (
          <>
            <Button
              data-testid="backup-plan-save"
              loading={shell.saving && !starting}
              onClick={() => void save(false)}
            >
              {t('save')}
            </Button>
            <Button
              type="primary"
              data-testid="backup-now"
              loading={starting}
              onClick={() => void save(true)}
            >
              {t('backupNow')}
            </Button>
          </>
        ) : null
      }
    >
      <Form.Item name="fileName" label={t('fileName')} extra={t('fileNameHint')} rules={fileNameRules}>
        <Input data-testid="backup-file-name" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('content')}
        rules={[
          { required: true, type: 'array', min: 1, message: translate('backupContentRequired', language) },
        ]}
      >
        <Checkbox.Group
          data-testid="backup-content"
          options={BACKUP_CONTENTS.map((part) => ({ value: part, label: t(CONTENT_LABEL[part]) }))}
        />
      </Form.Item>
      <Form.Item name="destination" label={t('destination')}>
        <Radio.Group data-testid="backup-destination">
          <Radio value="local">{t('destinationLocal')}</Radio>
          <Radio value="remote">{t('destinationRemote')}</Radio>
        </Radio.Group>
      </Form.Item>
      {destination === 'remote' && (
        <>
          <Form.Item
            name="remoteUrl"
            label={t('remoteUrl')}
            rules={remoteRules}
            extra="sftp://host[:port]/folder"
          >
            <Input data-testid="backup-remote-url" placeholder="sftp://backup.example.com/phonefleet" />
          </Form.Item>
          <Form.Item
            name="username"
            label={t('username')}
            rules={[
              { required: true, whitespace: true, message: translate('backupRemoteIncomplete', language) },
            ]}
          >
            <Input data-testid="backup-username" autoComplete="off" maxLength={128} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            extra={plan?.hasPassword ? t('passwordStored') : undefined}
            rules={
              plan?.hasPassword
                ? []
                : [{ required: true, message: translate('backupRemoteIncomplete', language) }]
            }
          >
            <Input.Password data-testid="backup-password" autoComplete="new-password" maxLength={128} />
          </Form.Item>
          {plan?.hostKey ? (
            <Form.Item label={t('hostKey')}>
              <code data-testid="backup-host-key">{plan.hostKey}</code>
            </Form.Item>
          ) : null}
        </>
      )}
      <Form.Item name="automatic" label={t('automatic')}>
        <Radio.Group data-testid="backup-automatic">
          <Radio value={0}>{t('automaticOff')}</Radio>
          <Radio value={1}>{t('automaticDaily')}</Radio>
          <Radio value={2}>{t('automaticWeekly')}</Radio>
        </Radio.Group>
      </Form.Item>
      {automatic !== 0 && (
        <Space size="large" align="start">
          {automatic === 2 && (
            <Form.Item name="weekday" label={t('weekday')}>
              <Select
                style={{ width: 160 }}
                options={[1, 2, 3, 4, 5, 6, 7].map((day) => ({
                  value: day,
                  label: t(`weekday${day}` as SystemTextKey),
                }))}
              />
            </Form.Item>
          )}
          <Form.Item name="time" label={t('time')} rules={[rules.required]}>
            <Select
              style={{ width: 120 }}
              data-testid="backup-time"
              showSearch
              options={[...new Set([...QUARTERS, plan?.time ?? '02:00'])].sort().map((time) => ({
                value: time,
                label: time,
              }))}
            />
          </Form.Item>
        </Space>
      )}
      {automatic !== 0 && plan?.nextRunAt ? (
        <p data-testid="backup-next-run">
          {t('nextRun', { time: formatDateTime(plan.nextRunAt, zoneOffset) })}
        </p>
      ) : null}
      <Form.Item
        name="keep"
        label={t('keep')}
        extra={t('keepHint')}
        rules={[rules.required, { type: 'integer', ...KEEP, message: t('keepInvalid') }]}
      >
        <InputNumber data-testid="backup-keep" min={KEEP.min} max={KEEP.max} precision={0} />
      </Form.Item>
    </FormShell>
  );
}
