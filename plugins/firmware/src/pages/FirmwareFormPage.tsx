import {
  FIRMWARE_EXTENSIONS,
  FIRMWARE_MAX_BYTES,
  FileField,
  FormShell,
  isFirmwareVersion,
  translate,
  useEditedRecord,
  useFieldRules,
  useFormShell,
  useLanguage,
  useTexts,
  useUploadProgress,
} from '@phonefleet/sdk/ui';
import { Button, Form, Input, message, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchFirmware, isVersionTaken, saveFirmware } from '../api.js';
import { type FirmwareList, LIST_PATH } from '../links.js';
import { firmwareText } from '../texts.js';
import { useFirmwareModels } from '../use-firmware-models.js';

export interface FirmwareValues {
  firmwareName: string;
  firmwareVersion: string;
  supportModel: string[];
  description?: string;
  file?: File | null;
}

/** The version's rules: four dotted numbers (on change), not taken in this list (on blur, and on save). */
function useVersionRules(official: boolean, editId: number | undefined): Rule[] {
  const language = useLanguage();
  const { required } = useFieldRules();
  // One question per version typed: leaving the field again does not ask again.
  const answers = useRef(new Map<string, Promise<boolean>>());
  const taken = (version: string) => {
    let answer = answers.current.get(version);
    if (!answer) {
      answer = isVersionTaken(version, official, editId).catch(() => false);
      answers.current.set(version, answer);
    }
    return answer;
  };
  return [
    required,
    {
      validator: async (_rule, value: string | undefined) => {
        const version = value?.trim() ?? '';
        if (version && !isFirmwareVersion(version))
          throw new Error(translate('firmwareVersionInvalid', language));
      },
    },
    {
      validateTrigger: 'onBlur',
      validator: async (_rule, value: string | undefined) => {
        const version = value?.trim() ?? '';
        if (!isFirmwareVersion(version)) return;
        if (await taken(version)) throw new Error(translate('firmwareVersionExists', language));
      },
    },
  ];
}

/**
 * /firmware/uploadFirmware, /firmware/editFirmware?id= and the same under /adminFirmware (spec §2,
 * §3, §5): name, version (four dotted numbers, unique in the list), supported models, description
 * and the image (required to add; an edit keeps the current one unless another is chosen). Saved in
 * one multipart request whose upload progress is shown; refusals go on their fields.
 */
export function FirmwareFormPage({ list, mode }: { list: FirmwareList; mode: 'add' | 'edit' }) {
  const t = useTexts(firmwareText);
  const language = useLanguage();
  const rules = useFieldRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<FirmwareValues>();
  const official = list === 'official';
  const listPath = LIST_PATH[list];
  const editId = mode === 'edit' ? Number(query.get('id')) || 0 : undefined;
  const shell = useFormShell({
    form,
    cancelTo: listPath,
    fieldErrors: {
      firmwareVersionExists: 'firmwareVersion',
      firmwareVersionInvalid: 'firmwareVersion',
      uploadMissing: 'file',
      uploadWrongType: 'file',
      uploadTooLarge: 'file',
    },
  });
  const versionRules = useVersionRules(official, editId);
  const models = useFirmwareModels();
  const upload = useUploadProgress('firmware-progress');
  const firmware = useEditedRecord(editId, fetchFirmware, (found) =>
    form.setFieldsValue({
      firmwareName: found.firmwareName,
      firmwareVersion: found.firmwareVersion,
      supportModel: found.supportModel,
      description: found.description,
    }),
  );

  const save = () =>
    shell.submit(async (values) => {
      await upload.track(Boolean(values.file), (onProgress) =>
        saveFirmware(
          {
            ...(editId ? { id: editId } : {}),
            firmwareName: values.firmwareName.trim(),
            firmwareVersion: values.firmwareVersion.trim(),
            supportModel: values.supportModel,
            description: values.description?.trim() ?? '',
            official,
            ...(values.file ? { file: values.file } : {}),
          },
          onProgress,
        ),
      );
      void message.success(t('saved'));
      navigate(listPath);
    });

  const title =
    mode === 'add'
      ? t(official ? 'uploadOfficialFirmware' : 'uploadFirmware')
      : t(official ? 'editOfficialFirmware' : 'editFirmware');
  return (
    <FormShell<FirmwareValues>
      shell={shell}
      title={title}
      testId="firmware-form"
      loading={firmware === undefined}
      missing={mode === 'edit' && firmware === null ? t('notFound') : undefined}
      width={640}
      buttons={
        <Button type="primary" onClick={() => void save()} loading={shell.saving} data-testid="firmware-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Item name="firmwareName" label={t('firmwareName')} rules={rules.name}>
        <Input data-testid="firmware-name" />
      </Form.Item>
      <Form.Item
        name="firmwareVersion"
        label={t('firmwareVersion')}
        rules={versionRules}
        validateTrigger={['onChange', 'onBlur']}
        extra={t('versionHint')}
      >
        <Input style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="supportModel" label={t('supportModel')} rules={[rules.required]}>
        <Select<string[]>
          mode="multiple"
          allowClear
          placeholder={t('chooseModels')}
          options={models.map((option) => ({ value: option.model, label: option.model }))}
        />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={rules.description}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('file')}
        required={mode === 'add'}
        rules={mode === 'add' ? [{ required: true, message: translate('uploadMissing', language) }] : []}
      >
        <FileField
          accept={FIRMWARE_EXTENSIONS}
          maxBytes={FIRMWARE_MAX_BYTES}
          disabled={shell.saving}
          current={firmware ?? undefined}
          keepText={(kept) => t('keepImage', kept)}
          testId="firmware-file"
          keepTestId="firmware-keep-image"
        />
      </Form.Item>
      {upload.bar}
    </FormShell>
  );
}
