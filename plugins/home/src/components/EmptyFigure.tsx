/** What an empty figure shows instead of a chart: why it is empty (e.g. "No SIP accounts yet"). */
export function EmptyFigure({ text, title }: { text: string; title: string }) {
  return (
    <div
      role="img"
      aria-label={title}
      style={{ color: 'rgba(0,0,0,0.45)', padding: '24px 0', textAlign: 'center' }}
    >
      {text}
    </div>
  );
}
