import type { StrategyReceiver } from '@phonefleet/sdk';
import { useTexts } from '@phonefleet/sdk/ui';
import { Form, Transfer } from 'antd';
import { useEffect, useState } from 'react';
import { fetchReceivers } from '../../api.js';
import { alarmText } from '../../texts.js';
import { useStrategyRules } from './rules.js';

interface ReceiverItem {
  key: number;
  name: string;
  email: string;
}

const itemOf = (user: StrategyReceiver): ReceiverItem => ({
  key: user.id,
  name: user.name,
  email: user.email,
});

/** Step 2, alarm receiver: users of the tenant (`/alarm-strategy/receivers`), at least one. */
export function ReceiverStep() {
  const t = useTexts(alarmText);
  const rules = useStrategyRules();
  const [users, setUsers] = useState<ReceiverItem[]>([]);

  useEffect(() => {
    let current = true;
    fetchReceivers()
      .then((found) => {
        if (current) setUsers(found.map(itemOf));
      })
      .catch(() => undefined); // shown by the api client; the list stays empty
    return () => {
      current = false;
    };
  }, []);

  return (
    <div data-testid="strategy-receivers">
      <Form.Item name="receiverIds" valuePropName="targetKeys" rules={rules.receivers}>
        <Transfer<ReceiverItem>
          dataSource={users}
          titles={[t('users'), t('receivers')]}
          showSearch
          filterOption={(input, user) =>
            `${user.name} ${user.email}`.toLowerCase().includes(input.trim().toLowerCase())
          }
          locale={{ searchPlaceholder: t('searchUsers') }}
          render={(user) => (user.email ? `${user.name} (${user.email})` : user.name)}
          listStyle={{ width: 340, height: 360 }}
        />
      </Form.Item>
    </div>
  );
}
