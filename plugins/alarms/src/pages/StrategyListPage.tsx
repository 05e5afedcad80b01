import type { StrategyRow } from '@phonefleet/sdk';
import {
  deleteAction,
  type FleetColumn,
  ListPage,
  useSession,
  useTexts,
  WizardFinished,
} from '@phonefleet/sdk/ui';
import { message, Typography } from 'antd';
import { Fragment, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchStrategy, removeStrategies, searchStrategies } from '../api.js';
import { StrategyStatusSwitch } from '../components/StrategyStatusSwitch.js';
import { alarmTypeName, frequencyName, levelName, modeName, scopeName } from '../labels.js';
import { ADD_STRATEGY, editStrategyPath, STRATEGY_POWER, STRATEGY_WIZARD } from '../links.js';
import { useStrategySteps } from '../strategy-form.js';
import { alarmText } from '../texts.js';

const LONG_TEXT = { maxWidth: 260 } as const;

/**
 * /alarmStrategy (spec §2, §3, §8): name, devices (scope and how many it covers now), content
 * (alarm types; the levels in a hidden column), receivers, frequency, mode and status, the status
 * a switch for a role holding `edit`; searchable by name; Add, Edit and Delete (confirmed), each
 * shown only with its button. Above the list, the wizard's finish step after an add.
 */
export function StrategyListPage() {
  const { language, hasButton } = useSession();
  const t = useTexts(alarmText);
  const navigate = useNavigate();
  const steps = useStrategySteps();
  const [messages, messageHolder] = message.useMessage();
  const [created, setCreated] = useState<number>();
  const editable = hasButton(STRATEGY_POWER, 'edit');

  const columns = useMemo<FleetColumn<StrategyRow>[]>(
    () => [
      {
        key: 'name',
        title: t('strategyName'),
        dataIndex: 'name',
        ...LONG_TEXT,
        // What the wizard just added stands out (its finish step is above the list).
        render: (name: string, row: StrategyRow) =>
          row.id === created ? (
            <Typography.Text mark strong data-testid="created-name">
              {name}
            </Typography.Text>
          ) : (
            name
          ),
      },
      {
        key: 'devices',
        title: t('devices'),
        dataIndex: 'deviceScope',
        render: (scope: string, row: StrategyRow) =>
          t('scopeCount', { scope: scopeName(scope, language), count: row.deviceCount }),
      },
      {
        key: 'content',
        title: t('content'),
        dataIndex: 'alarmTypes',
        ...LONG_TEXT,
        render: (types: number[]) => types.map((type) => alarmTypeName(type, language)).join(', '),
      },
      {
        key: 'levels',
        title: t('levels'),
        dataIndex: 'levels',
        defaultHidden: true,
        render: (levels: number[]) => levels.map((level) => levelName(level, language)).join(', '),
      },
      {
        key: 'receivers',
        title: t('receivers'),
        dataIndex: 'receivers',
        ...LONG_TEXT,
        render: (receivers: StrategyRow['receivers']) => receivers.map((user) => user.name).join(', '),
      },
      {
        key: 'frequency',
        title: t('frequency'),
        dataIndex: 'frequency',
        render: (frequency: number) => frequencyName(frequency, language),
      },
      {
        key: 'mode',
        title: t('mode'),
        dataIndex: 'mode',
        render: (mode: number) => modeName(mode, language),
      },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        render: (status: number, row: StrategyRow) => (
          <StrategyStatusSwitch
            key={`${row.id}-${status}`}
            id={row.id}
            status={status}
            editable={editable}
            onChanged={(now) => void messages.success(t(now === 1 ? 'switchedOn' : 'switchedOff'))}
          />
        ),
      },
    ],
    [t, language, created, editable, messages],
  );
  const remove = deleteAction({
    run: removeStrategies,
    confirm: {
      title: t('deleteStrategiesTitle'),
      content: (count) => t('deleteStrategiesContent', { count }),
    },
  });

  return (
    <ListPage<StrategyRow>
      power={STRATEGY_POWER}
      tableId="alarm-strategies"
      testId="strategy-list"
      title={t('strategyList')}
      banner={
        <WizardFinished
          area={STRATEGY_WIZARD}
          steps={steps}
          withParameters={false}
          exists={(id) => fetchStrategy(id, true)}
          title={(name) => t('finished', { name })}
          subTitle={t('finishedOn')}
          onFound={(strategy) => setCreated(strategy.id)}
        />
      }
      columns={columns}
      request={searchStrategies}
      keywords={{ placeholder: t('strategyName'), testId: 'strategy-search' }}
      toolbar={[
        {
          key: 'add',
          button: 'add',
          primary: true,
          testId: 'strategy-add',
          onClick: () => navigate(ADD_STRATEGY),
        },
        remove,
      ]}
      rowActions={(strategy) => [
        { key: 'edit', button: 'edit', onClick: () => navigate(editStrategyPath(strategy.id)) },
        remove,
      ]}
    >
      {/* Its own key: the list renders a holder of its own, keyed alike, beside it. */}
      <Fragment key="strategy-notices">{messageHolder}</Fragment>
    </ListPage>
  );
}
