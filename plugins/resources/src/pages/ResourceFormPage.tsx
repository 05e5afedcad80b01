import {
  FileField,
  FormShell,
  isResourceType,
  RESOURCE_RULES,
  RESOURCE_TYPES,
  ResourceType,
  resourceTypeName,
  SiteTreeSelect,
  translate,
  useEditedRecord,
  useFieldRules,
  useFormShell,
  useLanguage,
  useTexts,
  useUploadProgress,
} from '@phonefleet/sdk/ui';
import { Button, Form, Input, message, Select } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchResource, saveResource } from '../api.js';
import { LIST_PATH } from '../links.js';
import { resourceText } from '../texts.js';

export interface ResourceValues {
  name: string;
  type: ResourceType;
  siteId?: number;
  description?: string;
  file?: File | null;
}

const initialValues: Partial<ResourceValues> = { type: ResourceType.contacts };

interface TypeSelectProps {
  id?: string;
  value?: ResourceType;
  onChange?: (type: ResourceType) => void;
  /** Whether the change may go ahead (asked when it would drop a file). */
  mayChange(type: ResourceType): Promise<boolean>;
}

/** The six resource types by name; a change goes through `mayChange` first. */
function TypeSelect({ id, value, onChange, mayChange }: TypeSelectProps) {
  const language = useLanguage();
  return (
    <Select<ResourceType>
      id={id}
      value={value}
      style={{ width: 280 }}
      data-testid="resource-type"
      options={RESOURCE_TYPES.map((type) => ({ value: type, label: resourceTypeName(type, language) }))}
      onChange={(type) => {
        if (type === value) return;
        void mayChange(type).then((ok) => ok && onChange?.(type));
      }}
    />
  );
}

/**
 * /otherResources/uploadFiles and /otherResources/editFile?id= (spec §2, §3, §5): name, type, site,
 * description and the file, which must have one of the type's extensions and at most its size.
 * Changing the type when it would drop a file asks first (spec §5); an edit that changes the type
 * needs a new file, otherwise it keeps the current one. Saved in one multipart request whose upload
 * progress is shown; refusals go on their fields.
 */
export function ResourceFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const t = useTexts(resourceText);
  const language = useLanguage();
  const rules = useFieldRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<ResourceValues>();
  const editId = mode === 'edit' ? Number(query.get('id')) || 0 : undefined;
  const shell = useFormShell({
    form,
    cancelTo: LIST_PATH,
    fieldErrors: {
      uploadMissing: 'file',
      uploadWrongType: 'file',
      uploadTooLarge: 'file',
      siteNotFound: 'siteId',
    },
  });
  const upload = useUploadProgress('resource-progress');
  const resource = useEditedRecord(editId, fetchResource, (found) =>
    form.setFieldsValue({
      name: found.name,
      type: isResourceType(found.type) ? found.type : ResourceType.contacts,
      siteId: found.siteId,
      description: found.description,
    }),
  );
  const type: ResourceType = Form.useWatch('type', form) ?? ResourceType.contacts;
  const rule = RESOURCE_RULES[type];
  // An edit keeps its file only while the type is the one it was saved with.
  const keepsFile = mode === 'edit' && resource !== null && resource !== undefined && resource.type === type;
  const fileRequired = !keepsFile;

  const mayChangeType = async (next: ResourceType) => {
    const chosen = Boolean(form.getFieldValue('file'));
    const dropsCurrent = keepsFile && next !== resource?.type;
    if (!chosen && !dropsCurrent) return true;
    const ok = await shell.confirm({ title: t('changeTypeTitle'), content: t('changeTypeContent') });
    if (ok) form.setFields([{ name: 'file', value: null, errors: [] }]);
    return ok;
  };

  const save = () =>
    shell.submit(async (values) => {
      await upload.track(Boolean(values.file), (onProgress) =>
        saveResource(
          {
            ...(editId ? { id: editId } : {}),
            name: values.name.trim(),
            description: values.description?.trim() ?? '',
            type: values.type,
            siteId: values.siteId ?? 0,
            ...(values.file ? { file: values.file } : {}),
          },
          onProgress,
        ),
      );
      void message.success(t('saved'));
      navigate(LIST_PATH);
    });

  return (
    <FormShell<ResourceValues>
      shell={shell}
      title={t(mode === 'add' ? 'uploadResource' : 'editResource')}
      testId="resource-form"
      loading={resource === undefined}
      missing={mode === 'edit' && resource === null ? t('notFound') : undefined}
      width={640}
      formProps={{ initialValues }}
      buttons={
        <Button type="primary" onClick={() => void save()} loading={shell.saving} data-testid="resource-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Item name="name" label={t('name')} rules={rules.name}>
        <Input data-testid="resource-name" />
      </Form.Item>
      <Form.Item name="type" label={t('type')} rules={[rules.required]}>
        <TypeSelect mayChange={mayChangeType} />
      </Form.Item>
      <Form.Item name="siteId" label={t('site')} rules={[rules.required]}>
        <SiteTreeSelect style={{ width: 360 }} data-testid="resource-site" />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={rules.description}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('file')}
        required={fileRequired}
        rules={fileRequired ? [{ required: true, message: translate('uploadMissing', language) }] : []}
        extra={mode === 'edit' && !keepsFile && resource ? t('newFileForType') : undefined}
      >
        <FileField
          accept={rule.extensions}
          maxBytes={rule.maxBytes}
          shownLimit={rule.shownLimit}
          disabled={shell.saving}
          current={keepsFile && resource ? resource : undefined}
          testId="resource-file"
          hintTestId="resource-file-hint"
          keepTestId="resource-keep-file"
        />
      </Form.Item>
      {upload.bar}
    </FormShell>
  );
}
