import { ALARM_TYPES, useSession, useTexts } from '@phonefleet/sdk/ui';
import { Checkbox, Col, Form, Row, Space } from 'antd';
import { alarmTypeName, LEVELS } from '../../labels.js';
import { alarmText } from '../../texts.js';
import { LevelTag } from '../tags.js';
import { useStrategyRules } from './rules.js';

interface ChecklistProps {
  value?: number[];
  onChange?(types: number[]): void;
  id?: string;
}

/** Every alarm type with the level it is raised at, and one box for all of them. */
function AlarmTypeChecklist({ value = [], onChange, id }: ChecklistProps) {
  const { language } = useSession();
  const t = useTexts(alarmText);
  const every = ALARM_TYPES.map(({ type }) => type);
  const chosen = every.filter((type) => value.includes(type));
  return (
    <div id={id} data-testid="strategy-alarm-types">
      <Checkbox
        checked={chosen.length === every.length}
        indeterminate={chosen.length > 0 && chosen.length < every.length}
        onChange={(event) => onChange?.(event.target.checked ? every : [])}
        data-testid="strategy-every-type"
        style={{ marginBottom: 8 }}
      >
        {t('everyType')}
      </Checkbox>
      <Checkbox.Group value={value} onChange={(types) => onChange?.(types)} style={{ width: '100%' }}>
        <Row gutter={[16, 8]}>
          {ALARM_TYPES.map(({ type, level }) => (
            <Col key={type} xs={24} md={12}>
              <Checkbox value={type} data-type={type}>
                <Space size={8}>
                  {alarmTypeName(type, language)}
                  <LevelTag level={level} language={language} />
                </Space>
              </Checkbox>
            </Col>
          ))}
        </Row>
      </Checkbox.Group>
    </div>
  );
}

/** Step 3, alarm content: the alarm types and the levels a strategy delivers (at least one each). */
export function ContentStep() {
  const { language } = useSession();
  const t = useTexts(alarmText);
  const rules = useStrategyRules();
  return (
    <>
      <Form.Item name="alarmTypes" label={t('alarmTypes')} extra={t('alarmTypesHint')} rules={rules.content}>
        <AlarmTypeChecklist />
      </Form.Item>
      <Form.Item name="levels" label={t('levels')} rules={rules.content}>
        <Checkbox.Group
          data-testid="strategy-levels"
          options={LEVELS.map((level) => ({
            value: level,
            label: <LevelTag level={level} language={language} />,
          }))}
        />
      </Form.Item>
    </>
  );
}
