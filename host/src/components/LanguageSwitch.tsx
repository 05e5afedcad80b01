import { GlobalOutlined } from '@ant-design/icons';
import type { Language } from '@phonefleet/sdk';
import { LANGUAGES } from '@phonefleet/sdk/ui/core';
import { Button, Dropdown } from 'antd';
import { useConsole } from '../app/console-context.js';
import { LANGUAGE_LABELS } from '../i18n/texts.js';

/** English (default) / 简体中文, remembered on this browser and sent as Accept-Language. */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { language, changeLanguage, t } = useConsole();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((code) => ({ key: code, label: LANGUAGE_LABELS[code] })),
        onClick: ({ key }) => changeLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language')}
        data-testid="language-switch"
        style={dark ? { color: '#fff' } : undefined}
      >
        {LANGUAGE_LABELS[language]}
      </Button>
    </Dropdown>
  );
}
