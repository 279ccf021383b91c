/** The party's mark: a foundation block with a rising line. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--color-primary)" />
      <path d="M10 29h20" stroke="var(--color-accent)" strokeWidth="3.5" strokeLinecap="round" />
      <path
        d="M12 23l6-6 4 4 7-8"
        fill="none"
        stroke="#fff"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
