import { type DiagnosticAction, type Language, type MessageKey, translate } from '@phonefleet/sdk';

const RANGE_NAMES: Record<string, MessageKey> = {
  '1d': 'diagnosticsRange1d',
  '7d': 'diagnosticsRange7d',
  all: 'diagnosticsRangeAll',
};

/** What a session was asked, as the history shows it ("Host: pbx.example.com, Count: 4"). */
export function describeParams(
  action: DiagnosticAction,
  params: Record<string, string | number>,
  language: Language,
): string {
  const label = (key: MessageKey, value: string | number) => `${translate(key, language)}: ${value}`;
  switch (action) {
    case 'log':
      return label('diagnosticsDetailLevel', params.level ?? '');
    case 'ping':
      return `${label('diagnosticsDetailHost', params.host ?? '')}, ${label('diagnosticsDetailCount', params.count ?? '')}`;
    case 'traceroute':
      return label('diagnosticsDetailHost', params.host ?? '');
    case 'systemLog': {
      const name = RANGE_NAMES[String(params.range)];
      return label(
        'diagnosticsDetailRange',
        name ? translate(name, language) : `${params.from ?? ''} – ${params.to ?? ''}`,
      );
    }
    default:
      return '';
  }
}
