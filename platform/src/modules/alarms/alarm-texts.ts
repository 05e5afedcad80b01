import { AlarmType, isMessageKey, type Language, type MessageKey, translate } from '@phonefleet/sdk';

const TYPE_KEYS: Record<number, MessageKey> = {
  [AlarmType.registrationFailed]: 'alarmRegistrationFailed',
  [AlarmType.factoryReset]: 'alarmFactoryReset',
  [AlarmType.reboot]: 'alarmReboot',
  [AlarmType.offline]: 'alarmOffline',
  [AlarmType.online]: 'alarmOnline',
  [AlarmType.configUpdateFailed]: 'alarmConfigUpdateFailed',
  [AlarmType.newFirmware]: 'alarmNewFirmware',
  [AlarmType.backupFailed]: 'alarmBackupFailed',
  [AlarmType.badCallQuality]: 'alarmBadCallQuality',
  [AlarmType.callFailed]: 'alarmCallFailed',
};

export function alarmTypeName(type: number, language: Language): string {
  const key = TYPE_KEYS[type];
  return key ? translate(key, language) : String(type);
}

/**
 * A stored reason (`key:detail`) in the reader's language. The detail may itself be a message key
 * with its own detail (a configuration push's result), which is translated too.
 */
export function alarmReason(stored: string, language: Language): string {
  if (!stored) return '';
  const [key = '', ...rest] = stored.split(':');
  if (!isMessageKey(key)) return stored;
  const text = translate(key, language);
  if (rest.length === 0) return text;
  const detail = alarmReason(rest.join(':'), language);
  return `${text} (${detail})`;
}
