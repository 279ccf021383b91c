
/** Announces to screen readers how many items a filter shows, as the filter changes. */
export function ResultCount({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  const text = shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
  return (
    <p className="visually-hidden" role="status">
      {text}
    </p>
  );
}
